export { deliverDueTrackingOrders, prepareAndDeliver, recordShipment } from "./tracking/deliver-tracking-orders"
export { gatherShipmentFacts } from "./tracking/gather-shipment-facts"
