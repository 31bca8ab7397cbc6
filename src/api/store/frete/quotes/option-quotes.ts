import { buildFreightQuery } from "../../../../lib/checkout/build-freight-query"
import type { Asker, CheckoutQuoter } from "../../../../lib/checkout/checkout-quoter"
import { factsOf } from "../../../../lib/checkout/offer-facts"
import { pickOffer, type Offer } from "../../../../lib/checkout/offers"
import { fulfillmentOptionOf, sameOfferKey } from "../../../../lib/checkout/same-offer"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import type { FreightQuery } from "../../../../lib/freight/schemas"
import type { FreteSettings } from "../../../../lib/settings/schema"
import type { FreteQuote } from "../../../../lib/checkout/storefront-contract"
import type { OfferedOption } from "./offered-options"
import type { OptionRequest } from "./quote-request"

/** What the route needs of the plugin's quoter: the cache key of a query, and its offers. */
export type OptionQuoter = Pick<CheckoutQuoter, "keyOf" | "offers">

/** The freight queries the options need (one per distinct query), and which one prices each option. */
export interface QuotePlan {
  queries: Map<string, FreightQuery>
  options: Array<{ option: OfferedOption; key: string }>
}

/**
 * Each option's freight query, as the provider builds it from what Medusa gives it. Options that
 * ship the same items from the same origin share one query, hence one quote. An option whose
 * shipping profile holds none of the items is left out: checkout could not price it (`no_items`).
 */
export function planQuotes(requests: OptionRequest[], settings: FreteSettings, units: Parameters<typeof buildFreightQuery>[2], quoter: OptionQuoter): QuotePlan {
  const plan: QuotePlan = { queries: new Map(), options: [] }
  let withoutItems = 0
  for (const { option, request } of requests) {
    let query: FreightQuery
    try {
      query = buildFreightQuery(request, settings, units).query
    } catch (error) {
      if (error instanceof ShopperError && error.code === "no_items") {
        withoutItems += 1
        continue
      }
      throw error
    }
    const key = quoter.keyOf(query)
    plan.queries.set(key, query)
    plan.options.push({ option, key })
  }
  if (!plan.options.length && withoutItems) {
    throw new ShopperError("no_items")
  }
  return plan
}

/** The offer's facts a quote carries: the provider's (`factsOf`), less the service's name (the option's own name stands for it). */
function quoteFactsOf(offer: Offer): Pick<FreteQuote, "service" | "carrier" | "days" | "delivery_estimate" | "is_fallback"> {
  const { service_name: _serviceName, ...facts } = factsOf(offer)
  return facts
}

/**
 * Prices every option from its query's offers, picked as the provider picks (`pickOffer`), so the
 * route and `calculate` agree to the centavo and share the cached quote. An option whose service
 * is not in the quote is left out, and so are the options of a query that could not be priced
 * while others could; a CEP the service does not know, a refused query, or nothing priced at all
 * is the error.
 */
export async function quoteOptions(plan: QuotePlan, quoter: OptionQuoter, settings: FreteSettings, asker: Asker = {}): Promise<{ quotes: FreteQuote[]; upstreamMs: number }> {
  const keys = [...plan.queries.keys()]
  const outcomes = await Promise.allSettled(keys.map((key) => quoter.offers(plan.queries.get(key) as FreightQuery, settings, asker)))
  const offersOf = new Map<string, Offer[]>()
  const failures: unknown[] = []
  let upstreamMs = 0
  outcomes.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") {
      offersOf.set(keys[index], outcome.value.offers)
      // The queries run side by side: the freight API's share of the time is the longest call.
      upstreamMs = Math.max(upstreamMs, outcome.value.upstreamMs)
    } else {
      failures.push(outcome.reason)
    }
  })
  // A CEP the service does not know, or a query the quota guard refused: the shopper's answer (400, 429).
  const shopperFault = failures.find((reason) => reason instanceof ShopperError && (reason.isInputError || reason.code === "too_many_quotes"))
  if (shopperFault || (failures.length && !offersOf.size)) {
    throw shopperFault ?? failures[0]
  }
  // Options that resolve to the same offer are one row, the merchant's first kept (the sort below is
  // stable): `plan.options` is in the order of Medusa's `listShippingOptionsForContext`, which sets no
  // ORDER BY (nor does `GET /store/shipping-options`): Postgres' order, in practice creation order.
  const shown = new Set<string>()
  const quotes = plan.options.flatMap(({ option, key }): FreteQuote[] => {
    const offers = offersOf.get(key)
    const offer = offers && pickOffer(offers, fulfillmentOptionOf(option.data))
    if (!offer || shown.has(sameOfferKey(offer))) return []
    shown.add(sameOfferKey(offer))
    return [
      {
        option_id: option.id,
        name: option.name,
        ...quoteFactsOf(offer),
        amount: offer.amountCents / 100,
        currency_code: "brl",
      },
    ]
  })
  return { quotes: quotes.sort((a, b) => a.amount - b.amount), upstreamMs }
}
