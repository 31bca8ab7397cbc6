import type { FreightQuote } from "../freight/schemas"
import type { QuoteSource } from "../quote-cache/quote-cache"
import type { Offer } from "./offers"

// The one value a quote sends up its walk, each fact set where it is known (the call's by the call, where an answer
// came from by the cache or the shared tier); nothing written back into what the caller passed. Recorded once.

/**
 * The call a price made or waited for: the freight API's time, the quota guard's (0 when it made none) and its word.
 */
export type Took = { upstreamMs: number; guardMs: number; guard?: "admitted" | "refused" }
/**
 * The freight API call this price made itself (not one it joined): its attempts, its HTTP status, its failure's kind.
 */
export type OwnCall = { ms: number; attempts: number; status?: number; failure?: string }
/**
 * A price: its offers (none when it failed), where they came from, what it took, the wait a refused shopper is told.
 */
export type QuoteResult = Took & {
  offers: Offer[]
  source: QuoteSource | "fallback" | null
  retryAfterSeconds?: number
  call?: OwnCall
}
/** One answer of the freight API as the cache keeps it: the quote, and what asking it took. */
export type Asked = { quote: FreightQuote; took: Took }
