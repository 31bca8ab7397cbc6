// A shipment's walk reads each thing once: the fulfillment (provider, order id and the rows its
// tracking order is built from) in one Query call, the order, its location and its exchange or
// claim once each, and the outbox row's statements are the insert, the claim, the hold and the
// record, whose returned row is the one the walk answers with (no read after it).
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Query } from "../../src/shared/query"
import { trackShipment } from "../../src/workflows/tracking/track-shipment"
import { createTrackingStore, TRACKING_CREDENTIAL, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CREDENTIAL = TRACKING_CREDENTIAL
const CARRIER_GUID = "3c9e1f7a-2b4d-4e6f-8a1c-7d5b9e3f0a21"
const CPF_FORMATTED = "529.982.247-25"

export const trackingWalkReadsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const { ship } = trackingActions(api, () => tracking)

  it("reads the fulfillment once and the outbox row in four statements: insert, claim, hold, record", async () => {
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

    expect({ status: row?.status, attempts: row?.attempts, calls: sandbox().calls({ service: "tracking" }).length }).toEqual({ status: "created", attempts: 1, calls: 1 })
    expect(statements).toEqual(["insert", "update", "update", "update"])
    expect(entities.filter((entity) => entity === "fulfillment")).toEqual(["fulfillment"])
    expect([...entities].sort()).toEqual(["fulfillment", "order", "order_claim", "order_exchange", "stock_location"])
  })
}
