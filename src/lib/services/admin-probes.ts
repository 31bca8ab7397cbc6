import { KeptProbe } from "./kept-probe"

/** "Consultar a API agora" on an order: its answer kept per order, and few new asks a minute over every order. */
export const API_PRICE_TTL_MS = 10_000
export const API_PRICE_PER_MINUTE = 6
/** GET /admin/frete/status: a monitor polling it costs one probe of each service per period. */
export const STATUS_TTL_MS = 10_000

/**
 * The admin's own asks of the services, which spend the store's plan as checkout's do. Kept in process memory: each
 * instance has its own, and a restart starts them over.
 */
export class AdminProbes {
  /** Keyed by order id. */
  readonly apiPrice: KeptProbe
  /** Keyed by the accounts in force: a new URL or secret is probed at once. */
  readonly status: KeptProbe

  constructor(clock?: () => number) {
    this.apiPrice = new KeptProbe({ ttlMs: API_PRICE_TTL_MS, max: 1_000, perMinute: API_PRICE_PER_MINUTE, clock })
    this.status = new KeptProbe({ ttlMs: STATUS_TTL_MS, max: 16, clock })
  }
}
