import FulfillmentModule from "@medusajs/medusa/fulfillment"
import { defineLink } from "@medusajs/framework/utils"
import FreteModule from "../modules/frete"

// Read-only, from the unique `tracking_order.fulfillment_id`: Query asks `fulfillment.tracking_order`.
export default defineLink(
  { linkable: FulfillmentModule.linkable.fulfillment, field: "id" },
  { ...FreteModule.linkable.trackingOrder.id, primaryKey: "fulfillment_id" },
  { readOnly: true }
)
