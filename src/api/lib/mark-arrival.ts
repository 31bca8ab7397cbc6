import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { epochOfHrtime, runFromArrival, type ShopperRequest } from "../../lib/checkout/request-arrival"

/**
 * Marks when a request arrived, so that a freight quote it waits for counts Medusa's own time
 * too (src/lib/checkout/request-arrival.ts). The plugin's middlewares run after Medusa's (body
 * parsing, publishable key, authentication: 10 to 80 ms on a busy server); Medusa's request
 * logger, morgan, stamps `_startAt` (`process.hrtime()`) before all of them, so that stamp is
 * used when it is there. An admin request: its quotes are not bounded.
 */
export function markArrival(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  runFromArrival(() => next(), arrivalOf(req))
}

/**
 * Marks a store request's arrival, and its shopper: every new freight query it causes, through
 * whichever route, is taken from the quota guard's bounds, and a refusal's wait is said on this
 * response. The client is read from the socket and X-Forwarded-For as the settings' proxy hops
 * say, not from Express's `trust proxy`.
 */
export function markShopperArrival(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  const shopper: ShopperRequest = {
    socketAddress: req.socket?.remoteAddress,
    forwardedFor: req.headers["x-forwarded-for"],
    retryAfter: (seconds) => {
      if (!res.headersSent) res.setHeader("Retry-After", String(seconds))
    },
    guardMs: 0,
  }
  runFromArrival(() => next(), arrivalOf(req), shopper)
}

function arrivalOf(req: MedusaRequest): number {
  return epochOfHrtime(Reflect.get(req, "_startAt")) ?? Date.now()
}
