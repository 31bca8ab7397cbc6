// What `forgetInProcessState` starts over, as a restart does, and what it keeps: without options
// the ones in force, with options those; the services' clients follow the options.
import { logger } from "@medusajs/framework/logger"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import FreteModuleService from "../service"

const TRACKING = { url: "http://127.0.0.1:9", credential: "dXNlcjpzM2NyM3QtaW4tcHJvY2Vzcw==" }

function moduleWith(options: Record<string, unknown>) {
  // Nothing here reaches the database: no statement is expected.
  const knex = {} as Knex
  return new FreteModuleService(
    { logger, [ContainerRegistrationKeys.PG_CONNECTION]: knex } as unknown as ConstructorParameters<
      typeof FreteModuleService
    >[0],
    options
  )
}

describe("the module's in-process state", () => {
  it("starts the quoter and the handling metadata over and keeps the options in force, and the clients, without new options", () => {
    const frete = moduleWith({ tracking: { ...TRACKING, timeoutMs: 4000 } })
    const before = { quoter: frete.quoter, metadata: frete.handlingMetadata, client: frete.trackingClient() }
    frete.handlingMetadata.set("variant_01", { variant: { dias: 3 }, product: null })

    frete.forgetInProcessState()

    expect({
      timeoutMs: frete.pluginOptions.tracking.timeoutMs,
      sameQuoter: frete.quoter === before.quoter,
      sameMetadata: frete.handlingMetadata === before.metadata,
    }).toEqual({
      timeoutMs: 4000,
      sameQuoter: false,
      sameMetadata: false,
    })
    expect([...frete.handlingMetadata.keys()]).toEqual([])
    expect(frete.trackingClient()).toBe(before.client)
  })

  it("puts new options in force as a restart with them would, and the tracking client follows them", () => {
    const frete = moduleWith({ tracking: { ...TRACKING, timeoutMs: 4000 } })
    const before = frete.trackingClient()
    expect(before).not.toBeNull()

    frete.forgetInProcessState({ tracking: { ...TRACKING, timeoutMs: 1000 }, units: { weight: "kg", dimension: "mm" } })

    expect({ timeoutMs: frete.pluginOptions.tracking.timeoutMs, units: frete.pluginOptions.units }).toEqual({
      timeoutMs: 1000,
      units: { weight: "kg", dimension: "mm" },
    })
    const after = frete.trackingClient()
    expect(after).not.toBeNull()
    expect(after).not.toBe(before)
  })
})
