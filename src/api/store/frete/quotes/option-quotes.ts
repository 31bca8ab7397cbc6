import { buildFreightQuery } from "../../../../lib/checkout/build-freight-query"
import type { CheckoutQuoter } from "../../../../lib/checkout/checkout-quoter"
import { factsOf, fulfillmentOptionOf, pickOffer, sameOfferKey, type Offer } from "../../../../lib/checkout/offers"
import type { Asker } from "../../../../lib/checkout/quote-admission"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import type { FreteQuote } from "../../../../lib/checkout/storefront-contract"
import { offerOrder, type RuleCart } from "../../../../lib/checkout/rules"
import type { FreightQuery } from "../../../../lib/freight/schemas"
import type { FreteSettings } from "../../../../lib/settings/schema"
import type { OfferedOption, OptionRequest } from "./quote-request"

export type OptionQuoter = Pick<CheckoutQuoter, "keyOf" | "offers">

export type PlannedQuery = { query: FreightQuery; cart: RuleCart | null }
export type QuotePlan = { queries: Map<string, PlannedQuery>; options: Array<{ option: OfferedOption; key: string }> }

// An option whose shipping profile holds none of the items is left out (checkout could not price it).
export function planQuotes(
  requests: OptionRequest[],
  settings: FreteSettings,
  units: Parameters<typeof buildFreightQuery>[2],
  quoter: OptionQuoter
): QuotePlan {
  const plan: QuotePlan = { queries: new Map(), options: [] }
  let withoutItems = 0
  for (const { option, request } of requests) {
    try {
      const { query, cart } = buildFreightQuery(request, settings, units)
      const key = quoter.keyOf(query)
      plan.queries.set(key, { query, cart })
      plan.options.push({ option, key })
    } catch (error) {
      if (!(error instanceof ShopperError && error.code === "no_items")) throw error
      withoutItems += 1
    }
  }
  if (!plan.options.length && withoutItems) throw new ShopperError("no_items")
  return plan
}

// With the provider's `pickOffer`, so the route and `calculate` agree. Options of an unquoted service or of a failed
// query (others priced) are left out; an unknown CEP, a refusal or nothing priced is the error.
export async function quoteOptions(
  plan: QuotePlan,
  quoter: OptionQuoter,
  settings: FreteSettings,
  asker: Asker = {}
): Promise<{ quotes: FreteQuote[]; upstreamMs: number; guardMs: number }> {
  const queries = [...plan.queries]
  const outcomes = await Promise.allSettled(
    queries.map(([key, { query, cart }]) => quoter.offers(query, cart, settings, asker, key))
  )
  const answered = outcomes.flatMap((outcome, index) =>
    outcome.status === "fulfilled" ? [{ key: queries[index][0], ...outcome.value }] : []
  )
  const failures = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []))
  const offersOf = new Map(answered.map(({ key, offers }) => [key, offers]))
  // The queries run side by side: the freight API's share is the longest call, the guard's its longest wait.
  const upstreamMs = Math.max(0, ...answered.map((outcome) => outcome.upstreamMs))
  const guardMs = Math.max(0, ...answered.map((outcome) => outcome.guardMs))
  const shopperFault = failures.find(
    (reason) => reason instanceof ShopperError && (reason.isInputError || reason.code === "too_many_quotes")
  )
  if (shopperFault || (failures.length && !offersOf.size)) throw shopperFault ?? failures[0]
  // Options resolving to one offer are one row, the first in Medusa's listing (creation order in practice).
  const shown = new Set<string>()
  const quotes = plan.options.flatMap(({ option, key }): Array<{ quote: FreteQuote; offer: Offer }> => {
    const offers = offersOf.get(key)
    const offer = offers && pickOffer(offers, fulfillmentOptionOf(option.data))
    if (!offer || shown.has(sameOfferKey(offer))) return []
    shown.add(sameOfferKey(offer))
    const { service_name: _serviceName, ...facts } = factsOf(offer)
    const amount = offer.amountCents / 100
    return [{ quote: { option_id: option.id, name: option.name, ...facts, amount, currency_code: "brl" }, offer }]
  })
  // In the store's order (`option_order`), as checkout's offers.
  const order = offerOrder(settings)
  return { quotes: quotes.sort((a, b) => order(a.offer, b.offer)).map(({ quote }) => quote), upstreamMs, guardMs }
}
