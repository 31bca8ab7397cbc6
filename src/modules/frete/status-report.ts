import type { FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import type { ServiceClients } from "../../lib/services/service-clients"
import { checkServices } from "../../lib/services/service-status"
import type { Credentials } from "./credentials"

/** `GET /admin/frete/status`: whether each service is configured and answers (never a secret), with this instance's circuit, quote cache and quota guard figures. */
export async function statusReport(options: FreteOptions, { freight, tracking }: Credentials, clients: ServiceClients, quoter: CheckoutQuoter) {
  const status = await checkServices(
    { freight: { ...options.freight, url: freight.url, token: freight.secret }, tracking: { ...options.tracking, url: tracking.url, credential: tracking.secret } },
    clients
  )
  const circuit = quoter.circuitStats()
  const cache = quoter.cacheStats()
  const shared = quoter.sharedStats()
  return {
    ...status,
    freight: {
      ...status.freight,
      circuit: circuit && { state: circuit.state, consecutive_failures: circuit.consecutiveFailures, retry_at: circuit.retryAt, opened: circuit.opened, refused: circuit.refused },
      origin_problem: quoter.originProblem(),
      quote_guard: quoter.guardStats(),
      cache: cache && {
        entries: cache.entries,
        max_entries: cache.maxEntries,
        in_flight: cache.inFlight,
        hits: cache.hits,
        loads: cache.loads,
        stale_served: cache.staleServed,
        failures_served: cache.failuresServed,
        evictions: cache.evictions,
        shared: shared && { hits: shared.hits, waited: shared.waited, errors: shared.errors },
      },
    },
  }
}
