export { LEASE_MARGIN_MS } from "./tracking-order-store"
