import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { QuoteAdmission } from "../../lib/checkout/quote-admission"
import type { GrantBudget } from "../../lib/checkout/quota-leases"
import { sharedQuoteTier, type SharedQuoteTier } from "../../lib/quote-cache/shared-tier"
import { CircuitBreaker, type CircuitTransition } from "../../lib/http/circuit-breaker"
import type { FreightClient } from "../../lib/freight/client"
import type { FreightQuote } from "../../lib/freight/schemas"
import { QuoteCache } from "../../lib/quote-cache/quote-cache"

type Deps = {
  options: FreteOptions
  logger: Logger
  caching: () => ICachingModuleService | undefined
  freightClient: () => FreightClient | null
  /** The quota guard's shared count, in Postgres across the store's instances (quote-takes.ts). */
  grantBudget: GrantBudget
  guardClock?: () => number
}

/** The checkout quoter the provider and the store quote route of this process share, put together from the options. */
export function createCheckoutQuoter({ options, logger, caching, freightClient, grantBudget, guardClock }: Deps): CheckoutQuoter {
  const { cache, circuitBreaker, timeoutMs } = options.freight
  let tier: SharedQuoteTier | null | undefined
  const sharedTier = () => {
    if (tier === undefined) {
      tier = sharedQuoteTier(caching())
      if (tier) logger.info("frete: quote answers are shared with the store's other instances through Medusa's Caching Module")
    }
    return tier
  }
  return new CheckoutQuoter({
    cache: cache.enabled ? new QuoteCache<FreightQuote>({ ...cache, remembers: CheckoutQuoter.remembersFailure }) : null,
    freightClient,
    breaker: circuitBreaker.enabled ? new CircuitBreaker({ ...circuitBreaker, quietMs: Math.max(5_000, 2 * timeoutMs) }, (turn) => logCircuit(turn, circuitBreaker.openMs, logger)) : null,
    admission: new QuoteAdmission(grantBudget, logger, guardClock),
    shared: cache.enabled ? { tier: sharedTier, successTtlMs: cache.successTtlMs, timeoutMs } : null,
    logger,
  })
}

function logCircuit({ from, to, consecutiveFailures }: CircuitTransition, openMs: number, logger: Logger): void {
  if (to === "open") {
    logger.warn(
      from === "half_open"
        ? `frete: the freight API failed again; it is not called for another ${openMs} ms`
        : `frete: the freight API failed ${consecutiveFailures} times in a row; it is not called for ${openMs} ms, checkout uses earlier answers or the fallback table`
    )
  } else if (to === "closed") {
    logger.info("frete: the freight API answers again; checkout calls it as usual")
  }
}
