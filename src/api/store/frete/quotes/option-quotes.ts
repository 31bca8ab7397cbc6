import { buildFreightQuery } from "../../../../lib/checkout/build-freight-query"
import type { CheckoutQuoter } from "../../../../lib/checkout/checkout-quoter"
import type { Asker } from "../../../../lib/checkout/quote-admission"
import { factsOf, fulfillmentOptionOf, pickOffer, sameOfferKey, type Offer } from "../../../../lib/checkout/offers"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import type { FreightQuery } from "../../../../lib/freight/schemas"
import type { FreteSettings } from "../../../../lib/settings/schema"
import type { FreteQuote } from "../../../../lib/checkout/storefront-contract"
import type { OfferedOption, OptionRequest } from "./quote-request"

export type OptionQuoter = Pick<CheckoutQuoter, "keyOf" | "offers">

/** The distinct freight queries, and which one prices each option. */
export type QuotePlan = { queries: Map<string, FreightQuery>; options: Array<{ option: OfferedOption; key: string }> }

/** Each option's query as the provider builds it; an option whose shipping profile holds none of the items is left out (checkout could not price it). */
export function planQuotes(requests: OptionRequest[], settings: FreteSettings, units: Parameters<typeof buildFreightQuery>[2], quoter: OptionQuoter): QuotePlan {
  const plan: QuotePlan = { queries: new Map(), options: [] }
  let withoutItems = 0
  for (const { option, request } of requests) {
    let query: FreightQuery
    try {
      query = buildFreightQuery(request, settings, units).query
    } catch (error) {
      if (!(error instanceof ShopperError && error.code === "no_items")) throw error
      withoutItems += 1
      continue
    }
    const key = quoter.keyOf(query)
    plan.queries.set(key, query)
    plan.options.push({ option, key })
  }
  if (!plan.options.length && withoutItems) throw new ShopperError("no_items")
  return plan
}

/**
 * Prices every option with the provider's `pickOffer`, so the route and `calculate` agree to the centavo.
 * An option whose service is not quoted is left out, and so are the options of a query that failed while
 * others were priced; a CEP the service does not know, a refused query, or nothing priced is the error.
 */
export async function quoteOptions(plan: QuotePlan, quoter: OptionQuoter, settings: FreteSettings, asker: Asker = {}): Promise<{ quotes: FreteQuote[]; upstreamMs: number }> {
  const keys = [...plan.queries.keys()]
  const outcomes = await Promise.allSettled(keys.map((key) => quoter.offers(plan.queries.get(key) as FreightQuery, settings, asker)))
  const offersOf = new Map<string, Offer[]>()
  const failures: unknown[] = []
  let upstreamMs = 0
  outcomes.forEach((outcome, index) => {
    if (outcome.status === "rejected") {
      failures.push(outcome.reason)
    } else {
      offersOf.set(keys[index], outcome.value.offers)
      // The queries run side by side: the freight API's share is the longest call.
      upstreamMs = Math.max(upstreamMs, outcome.value.upstreamMs)
    }
  })
  const shopperFault = failures.find((reason) => reason instanceof ShopperError && (reason.isInputError || reason.code === "too_many_quotes"))
  if (shopperFault || (failures.length && !offersOf.size)) throw shopperFault ?? failures[0]
  // Options that resolve to the same offer are one row, the first kept: the order of Medusa's
  // `listShippingOptionsForContext`, which sets no ORDER BY (in practice creation order).
  const shown = new Set<string>()
  const quotes = plan.options.flatMap(({ option, key }): FreteQuote[] => {
    const offers = offersOf.get(key)
    const offer = offers && pickOffer(offers, fulfillmentOptionOf(option.data))
    if (!offer || shown.has(sameOfferKey(offer))) return []
    shown.add(sameOfferKey(offer))
    // The option's own name stands for the service's.
    const { service_name: _serviceName, ...facts } = factsOf(offer)
    return [{ option_id: option.id, name: option.name, ...facts, amount: offer.amountCents / 100, currency_code: "brl" }]
  })
  return { quotes: quotes.sort((a, b) => a.amount - b.amount), upstreamMs }
}
