// The one bridge to Medusa's container: each piece of work reaches the container it was given,
// and a missing module or a missing container is a MedusaError that names the fix.
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, MedusaError, Modules } from "@medusajs/framework/utils"
import { cachingOf, currentMedusaScope, freteOf, lockingOf, moduleOf, queryOf, requireMedusaScope, withMedusaScope, type MedusaScope } from "../medusa-bridge"

/** A container holding these values, as Medusa registers its own. */
function containerWith(values: Record<string, unknown>): MedusaScope {
  const container = createMedusaContainer()
  for (const [key, value] of Object.entries(values)) {
    container.register(key, asValue(value))
  }
  return container
}

const caught = (call: () => unknown): unknown => {
  try {
    call()
  } catch (error) {
    return error
  }
  return null
}

describe("the Medusa bridge", () => {
  it("resolves each service from the container it is handed", () => {
    const query = { graph: () => undefined }
    const orders = { listOrders: () => undefined }
    const container = containerWith({ [ContainerRegistrationKeys.QUERY]: query, [Modules.ORDER]: orders })
    expect(queryOf(container)).toBe(query)
    expect(moduleOf(container, Modules.ORDER)).toBe(orders)
  })

  it("answers undefined for the Locking and Caching Modules a store does not register", () => {
    const container = containerWith({})
    expect(lockingOf(container)).toBeUndefined()
    expect(cachingOf(container)).toBeUndefined()
  })

  it("refuses a container without the plugin's module with the fix, in Portuguese", () => {
    const error = caught(() => freteOf(containerWith({})))
    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_module_missing" })
    expect((error as MedusaError).message).toMatch(/Adicione \{ resolve: "medusa-plugin-frete" \}/)
  })

  it("gives each piece of work, however interleaved, the container it was run with", async () => {
    const first = containerWith({ name: "first" })
    const second = containerWith({ name: "second" })
    const nameAfter = (ms: number) => new Promise<string>((done) => setTimeout(() => done(requireMedusaScope().resolve<string>("name")), ms))
    const names = await Promise.all([withMedusaScope(first, () => nameAfter(20)), withMedusaScope(second, () => nameAfter(1))])
    expect(names).toEqual(["first", "second"])
    expect(currentMedusaScope()).toBeUndefined()
  })

  it("refuses work outside any container, saying how to give one", () => {
    const error = caught(() => requireMedusaScope())
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_outside_request" })
    expect((error as MedusaError).message).toMatch(/withMedusaScope\(container/)
  })
})
