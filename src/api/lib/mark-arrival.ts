import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { epochOfHrtime, runFromArrival } from "../../lib/checkout/request-arrival"

/**
 * Marks when a request arrived, so that a freight quote it waits for counts Medusa's own time
 * too (src/lib/checkout/request-arrival.ts). The plugin's middlewares run after Medusa's (body
 * parsing, publishable key, authentication: 10 to 80 ms on a busy server); Medusa's request
 * logger, morgan, stamps `_startAt` (`process.hrtime()`) before all of them, so that stamp is
 * used when it is there.
 */
export function markArrival(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  const logged = epochOfHrtime(Reflect.get(req, "_startAt"))
  runFromArrival(() => next(), logged ?? Date.now())
}
