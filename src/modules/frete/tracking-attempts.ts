export type { ClaimedRow } from "./tracking-order-store"
