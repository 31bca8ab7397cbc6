import type { ServerResponse } from "node:http"
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
 * response, with the guard's time in `Server-Timing` (`guard`). The client is read from the socket
 * and X-Forwarded-For as the settings' proxy hops say, not from Express's `trust proxy`.
 */
export function markShopperArrival(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  const shopper: ShopperRequest = {
    socketAddress: req.socket?.remoteAddress,
    forwardedFor: req.headers["x-forwarded-for"],
    retryAfter: (seconds) => {
      if (!res.headersSent) res.setHeader("Retry-After", String(seconds))
    },
    guardMs: 0,
    guarded: false,
  }
  sayGuardTime(res, shopper)
  runFromArrival(() => next(), arrivalOf(req), shopper)
}

/** Adds the guard's time to the response's Server-Timing, on Medusa's routes as on the plugin's, right before the headers leave. */
function sayGuardTime(res: ServerResponse, shopper: ShopperRequest): void {
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (shopper.guarded && !this.headersSent) {
      const entry = `guard;desc="quota guard";dur=${shopper.guardMs.toFixed(2)}`
      const before = this.getHeader("Server-Timing")
      this.setHeader("Server-Timing", before ? `${String(before)}, ${entry}` : entry)
    }
    return writeHead.apply(this, args)
  } as ServerResponse["writeHead"]
}

function arrivalOf(req: MedusaRequest): number {
  return epochOfHrtime(Reflect.get(req, "_startAt")) ?? Date.now()
}
