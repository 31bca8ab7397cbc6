// Fixtures of the quota guard's spec: settings with a fallback table, an answer, the shared count as Postgres keeps it, and a
// quoter over a cache and the guard on a clock the test moves.
import { recordingLogger } from "../../__tests__/recording-logger"
import type { CircuitBreaker } from "../../http/circuit-breaker"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { freteSettingsSchema } from "../../settings/schema"
import { CheckoutQuoter } from "../checkout-quoter"
import { QuoteAdmission, type Asker } from "../quote-admission"
import type { GrantBudget } from "../quote-admission"
import type { ShopperError } from "../shopper-error"
import { QUERY } from "./checkout-quoter.fixtures"

/** With a fallback table: a refused query is priced from it. */
export const SETTINGS = freteSettingsSchema.parse({
  origin_cep: "01310-100",
  quote_route_limit_per_minute: 7,
  quote_store_limit_per_minute: 70,
  trusted_proxies: ["loopback", "linklocal", "uniquelocal"],
  fallback: [
    {
      service: "correios-pac",
      name: "PAC (tabela)",
      carrier: "correios",
      bands: [{ max_weight_kg: 5, price: 29.9, days: 6 }],
    },
  ],
})

export const to = (destinationCep: string): FreightQuery => ({ ...QUERY, destinationCep })

const QUOTE: FreightQuote = {
  consultaToken: "consulta-1",
  quotations: [
    {
      service: "correios-pac",
      serviceName: "PAC",
      carrier: "correios",
      priceCents: 2519,
      days: 7,
      code: "c-pac",
    },
  ],
}

/** The shared count as Postgres keeps it: units granted per key and minute, never past the limit. */
function memoryLedger() {
  const granted = new Map<string, number>()
  const asked: Array<{ key: string; want: number; limit: number }> = []
  const grant: GrantBudget = async (key, windowStart, want, limit) => {
    asked.push({ key, want, limit })
    const had = granted.get(`${key}@${windowStart}`) ?? 0
    const given = Math.max(0, Math.min(want, limit - had))
    granted.set(`${key}@${windowStart}`, had + given)
    return given
  }
  return { grant, asked }
}

export function setup({
  grant,
  breaker,
  settings = SETTINGS,
}: { grant?: GrantBudget; breaker?: CircuitBreaker; settings?: typeof SETTINGS } = {}) {
  let time = 1_000_000
  const ledger = memoryLedger()
  const logger = recordingLogger()
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>().mockResolvedValue(QUOTE) }
  const admission = new QuoteAdmission(grant ?? ledger.grant, logger, () => time)
  const cache = {
    maxEntries: 10_000,
    successTtlMs: 600_000,
    failureTtlMs: 30_000,
    staleTtlMs: 21_600_000,
    now: () => time,
  }
  const quoter = new CheckoutQuoter({
    cache,
    timeoutMs: 2_500,
    freightClient: () => client as unknown as FreightClient,
    breaker,
    admission,
    logger,
    now: () => new Date(time),
  })
  /** `count` new queries (distinct destinations) from one shopper each, in turn. */
  let queries = 0
  const newQueries = async (count: number, request: () => Asker, querySettings = settings) => {
    const outcomes: Array<string> = []
    for (let index = 0; index < count; index += 1) {
      const destination = String(20_000_000 + (queries += 1) * 1_000)
      outcomes.push(
        await quoter.offers(to(destination), null, querySettings, request()).then(
          (outcome) => String(outcome.source),
          (error: ShopperError) => error.code
        )
      )
    }
    return outcomes
  }
  return {
    quoter,
    client,
    ledger,
    logger,
    newQueries,
    advance: (ms: number) => (time += ms),
    at: (ms: number) => (time = ms),
  }
}

/** A shopper's ask, as the quote route or the provider makes it: its client, and the wait it is told. */
export function shopper(client = "client:127.0.0.1"): Asker {
  return { client }
}
