export { DELIVER_TRACKING_ORDER_WORKFLOW, deliverTrackingOrderWorkflow } from "./tracking/deliver-tracking-order"
export { sendTrackingOrderStep } from "./tracking/steps/send-tracking-order"
export { readShipmentRows } from "./tracking/read-shipment-rows"
export { trackShipment } from "./tracking/track-shipment"
