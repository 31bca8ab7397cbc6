import type { FreightQuote } from "../freight/schemas"
import type { QuoteSource } from "../quote-cache/quote-cache"
import type { Offer } from "./offers"

// The one value a quote sends up its walk, each fact set where it is known; nothing written back. Recorded once.

// The call a price made or waited for: the freight API's time, the quota guard's (0 when it made none) and its word.
export type Took = { upstreamMs: number; guardMs: number; guard?: "admitted" | "refused" }
// The freight API call this price made itself (not one it joined): its attempts, its HTTP status, its failure's kind.
export type OwnCall = { ms: number; attempts: number; status?: number; failure?: string }
// A price: its offers (none when it failed), where they came from, what it took, the wait a refused shopper is told.
export type QuoteResult = Took & {
  offers: Offer[]
  source: QuoteSource | "fallback" | null
  retryAfterSeconds?: number
  call?: OwnCall
}
export type Asked = { quote: FreightQuote; took: Took }
