// A shipment's walk: the subscriber reads the fulfillment's provider and order id; the workflow's
// step, which owns read → build → send with nothing handed to it outside its input, reads the
// fulfillment's rows, the order, its location and its exchange or claim once each. The outbox
// row's statements are the insert, the claim, the hold, the record, and the row read back.
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Query } from "../../src/shared/query"
import { trackShipment } from "../../src/workflows/tracking/track-shipment"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CARRIER_GUID = "3c9e1f7a-2b4d-4e6f-8a1c-7d5b9e3f0a21"
const CPF_FORMATTED = "529.982.247-25"

export const trackingWalkReadsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const { ship } = trackingActions(api, () => tracking)

  it("reads the fulfillment twice (its provider, then its rows) and the outbox row in five statements", async () => {
    // Shipped while tracking is off: no row; the walk is then run here, observed from its start.
    await api.post("/admin/frete/settings", { tracking: { enabled: false } }, tracking.store.admin)
    const { fulfillmentId } = await ship(CPF_FORMATTED)
    await api.post("/admin/frete/settings", { tracking: { enabled: true } }, tracking.store.admin)

    const container = getContainer()
    const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const statements: string[] = []
    const onQuery = (query: { sql: string }) => {
      if (/\btracking_order\b/.test(query.sql)) statements.push(query.sql.trim().split(/\s+/)[0].toLowerCase())
    }
    const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
    // Observed, not replaced: every call goes through to Medusa's Query.
    const graph = jest.spyOn(query, "graph")
    knex.on("query", onQuery)
    let row: Awaited<ReturnType<typeof trackShipment>>
    try {
      row = await trackShipment(container, { fulfillmentId, noNotification: false })
    } finally {
      knex.off("query", onQuery)
    }
    const entities = graph.mock.calls.map(([config]) => (config as { entity: string }).entity)
    graph.mockRestore()

    expect({
      status: row?.status,
      attempts: row?.attempts,
      calls: sandbox().calls({ service: "tracking" }).length,
    }).toEqual({ status: "created", attempts: 1, calls: 1 })
    expect(statements).toEqual(["insert", "update", "update", "update", "select"])
    expect([...entities].sort()).toEqual([
      "fulfillment",
      "fulfillment",
      "order",
      "order_claim",
      "order_exchange",
      "stock_location",
    ])
  })
}
