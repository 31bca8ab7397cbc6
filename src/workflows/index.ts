export { DELIVER_TRACKING_ORDER_WORKFLOW, deliverTrackingOrderWorkflow } from "./tracking/deliver-tracking-order"
export { prepareTrackingOrderStep } from "./tracking/steps/prepare-tracking-order"
export { sendTrackingOrderStep } from "./tracking/steps/send-tracking-order"
export { gatherShipmentFacts } from "./tracking/gather-shipment-facts"
