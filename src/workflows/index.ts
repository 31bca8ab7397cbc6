export {
  DELIVER_TRACKING_ORDER_WORKFLOW,
  deliverTrackingOrderWorkflow,
  sendTrackingOrderStep,
} from "./tracking/deliver-tracking-order"
export { readShipmentRows } from "./tracking/read-shipment-rows"
export { trackShipment } from "./tracking/track-shipment"
