import type { FreightQuote } from "../freight/schemas"
import type { QuoteSource } from "../quote-cache/quote-cache"
import type { Offer } from "./offers"

// The one value a quote sends up its walk: each fact set where it is known (the API's time by the call, the guard's by the
// guard, where an answer came from by the cache or the shared tier), nothing written back into what the caller passed.

/** The call a price waited for: the freight API's time and the quota guard's (0 when it made none), and the guard's word. */
export type Took = { upstreamMs: number; guardMs: number; guard?: "admitted" | "refused" }
/** A price: its offers, where they came from, and what it took. */
export type QuoteResult = Took & { offers: Offer[]; source: QuoteSource | "fallback" }
/** One answer of the freight API as the cache keeps it: the quote, and what asking it took. */
export type Asked = { quote: FreightQuote; took: Took }
