// The read-only links of src/links: Medusa's Query gives an order its tracking orders
// (`order.tracking_orders`) and a fulfillment its own (`fulfillment.tracking_order`), each in one
// call, with no link table. The row they must give is read from Postgres, not through the plugin.
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { placeOrder } from "../../scripts/lib/store-api"
import type { Query } from "../../src/shared/query"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CARRIER_GUID = "5d1b7e2a-9c4f-4a8e-b3d6-0f2e6a9c1b47"
const CPF_FORMATTED = "529.982.247-25"

type LinkedRow = { id: string; order_id: string | null; fulfillment_id: string; status: string }

export const trackingLinksCases: FreteCases = ({ api, getContainer, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const { settled, ship } = trackingActions(api, () => tracking)
  const query = () => getContainer().resolve<Query>(ContainerRegistrationKeys.QUERY)
  const storedRows = async () =>
    (await dbConnection.raw(`select id, order_id, fulfillment_id, status from tracking_order order by created_at`))
      .rows as LinkedRow[]
  const picked = ({ id, order_id, fulfillment_id, status }: LinkedRow) => ({ id, order_id, fulfillment_id, status })

  it("gives an order its tracking orders and a fulfillment its own: exactly the row the shipment wrote", async () => {
    const { order, fulfillmentId } = await ship(CPF_FORMATTED)
    await settled(order.id)
    const stored = await storedRows()
    expect(stored).toEqual([
      { id: expect.any(String), order_id: order.id, fulfillment_id: fulfillmentId, status: "created" },
    ])

    const { data: orders } = await query().graph({
      entity: "order",
      fields: ["id", "tracking_orders.*"],
      filters: { id: order.id },
    })
    const [linkedOrder] = orders as Array<{ id: string; tracking_orders: LinkedRow[] }>
    expect(linkedOrder.tracking_orders.map(picked)).toEqual(stored)

    const { data: fulfillments } = await query().graph({
      entity: "fulfillment",
      fields: ["id", "tracking_order.*"],
      filters: { id: fulfillmentId },
    })
    const [linkedFulfillment] = fulfillments as Array<{ id: string; tracking_order: LinkedRow }>
    expect(picked(linkedFulfillment.tracking_order)).toEqual(stored[0])
  })

  it("gives an order not shipped none, while another order's row stays with that order", async () => {
    const { order: shipped } = await ship(CPF_FORMATTED)
    await settled(shipped.id)
    const waiting = await placeOrder(api, tracking.store, tracking.optionId, [
      { variant_id: tracking.mug, quantity: 1 },
    ])
    const { data } = await query().graph({
      entity: "order",
      fields: ["id", "tracking_orders.id", "tracking_orders.order_id"],
      filters: { id: [shipped.id, waiting.id] },
    })
    const byOrder = Object.fromEntries(
      (data as Array<{ id: string; tracking_orders: LinkedRow[] }>).map((row) => [row.id, row.tracking_orders])
    )
    expect(byOrder).toEqual({
      [shipped.id]: [{ id: (await storedRows())[0].id, order_id: shipped.id }],
      [waiting.id]: [],
    })
  })
}
