import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import FreteModule from "../modules/frete"

// Read-only: `tracking_order.order_id` already holds the order's id, so no link table. Inverse form (order → its rows),
// so that Query asks `order.tracking_orders` (a list; `order.tracking_order` is the same list) in one call.
export default defineLink(
  { linkable: OrderModule.linkable.order, field: "id", isList: true },
  { ...FreteModule.linkable.trackingOrder.id, primaryKey: "order_id" },
  { readOnly: true }
)
