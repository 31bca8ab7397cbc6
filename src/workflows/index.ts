export {
  DELIVER_TRACKING_ORDER_WORKFLOW,
  deliverTrackingOrderWorkflow,
  readShipmentRows,
  sendTrackingOrderStep,
} from "./tracking/deliver-tracking-order"
export { trackShipment } from "./tracking/track-shipment"
