// Fixtures shared by the CheckoutQuoter spec files: the settings, the query and its answer, the failures the freight
// client throws, a quoter over a cache on a fake clock, and helpers that read a refusal or the offers' prices.
import { recordingLogger } from "../../__tests__/recording-logger"
import { CepNotFoundError } from "../../freight/errors"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuotation, FreightQuote } from "../../freight/schemas"
import { CircuitBreaker } from "../../http/circuit-breaker"
import { ServerError } from "../../http/errors"
import { freteSettingsSchema } from "../../settings/schema"
import { CheckoutQuoter } from "../checkout-quoter"
import type { LearnedPricing } from "../../learned/learned-prices"
import type { RuleCart } from "../rules"
import { ShopperError, type ShopperErrorCode } from "../shopper-error"

/** Wednesday 24 December 2025, noon in São Paulo: Christmas and New Year's Day lie ahead. */
const NOW = new Date("2025-12-24T15:00:00Z")
export const SUCCESS_TTL = 600_000
export const FAILURE_TTL = 30_000
export const STALE_TTL = 21_600_000
export const TIMEOUT = 2_500

const SERVICES = [
  { metaname: "correios-pac", name: "PAC" },
  { metaname: "correios-sedex", name: "SEDEX" },
  { metaname: "jadlog-package", name: ".Package", enabled: false },
]

/** Services and a fallback table: PAC R$ 29,90 up to 1 kg, SEDEX R$ 79,90 up to 5 kg. */
export const SETTINGS = freteSettingsSchema.parse({
  origin_cep: "01310-100",
  services: SERVICES,
  fallback: [
    {
      service: "correios-sedex",
      name: "SEDEX (tabela)",
      carrier: "correios",
      bands: [{ max_weight_kg: 5, price: 79.9, days: 3 }],
    },
    {
      service: "correios-pac",
      name: "PAC (tabela)",
      carrier: "correios",
      bands: [{ max_weight_kg: 1, price: 29.9, days: 6 }],
    },
  ],
})

/** The same services, and no fallback table. */
export const NO_FALLBACK = freteSettingsSchema.parse({ origin_cep: "01310-100", services: SERVICES })

/** A 0.3 kg T-shirt from São Paulo to Rio de Janeiro. */
export const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 59.9,
  extraDays: 0,
  volumes: [{ sku: "CAMISETA-P", quantity: 1, price: 59.9, weightKg: 0.3, lengthCm: 30, widthCm: 20, heightCm: 4 }],
}

/** What the rules read of QUERY's cart. */
export const CART: RuleCart = { subtotal: 59.9, destinationCep: "20040002", state: "RJ", weightKg: 0.4, items: [] }

/** SETTINGS with free freight everywhere (the 0.x rule, carried over: the cheapest service is freed). */
export const FREE_FREIGHT = {
  ...SETTINGS,
  rules: freteSettingsSchema.parse({ free_freight_rules: [{ min_subtotal: 0 }] }).rules,
}

export function quotation(overrides: Partial<FreightQuotation>): FreightQuotation {
  return {
    service: "x",
    serviceName: "X",
    carrier: "correios",
    priceCents: 1000,
    days: 5,
    code: null,
    ...overrides,
  }
}

export const QUOTE: FreightQuote = {
  consultaToken: "consulta-1",
  quotations: [
    quotation({ service: "correios-pac", serviceName: "PAC", priceCents: 2519, days: 7, code: "c-pac" }),
    quotation({ service: "correios-sedex", serviceName: "SEDEX", priceCents: 4590, days: 2, code: "c-sedex" }),
  ],
}

/**
 * QUOTE's offers, written out: the merchant's order (PAC, then SEDEX), prices and codes as answered,
 * and the delivery dates counted in business days from NOW (Christmas and New Year's Day skipped):
 * SEDEX, 2 days: 26 Dec, 29 Dec; PAC, 7 days: 26, 29, 30, 31 Dec, 2, 5, 6 Jan.
 */
export const QUOTE_OFFERS = [
  {
    service: "correios-pac",
    name: "PAC",
    carrier: "correios",
    amountCents: 2519,
    days: 7,
    deliveryEstimate: "2026-01-06",
    isFallback: false,
    consultaToken: "consulta-1",
    code: "c-pac",
  },
  {
    service: "correios-sedex",
    name: "SEDEX",
    carrier: "correios",
    amountCents: 4590,
    days: 2,
    deliveryEstimate: "2025-12-29",
    isFallback: false,
    consultaToken: "consulta-1",
    code: "c-sedex",
  },
]

export const serverError = () => new ServerError("Freight API failed (HTTP 503)", { service: "freight", status: 503 })
export const cepNotFound = (erroId: 101 | 102) =>
  new CepNotFoundError(`Freight API refused the query (HTTP 400, erro_id ${erroId})`, {
    service: "freight",
    status: 400,
    erroId,
  })

/**
 * A quoter over a real cache whose clock the test moves, and a fake freight client. With
 * `configured: false` the freight API has no URL or token.
 */
export function setup(
  options: {
    configured?: boolean
    breaker?: { failureThreshold: number; openMs: number }
    learned?: LearnedPricing
  } = {}
) {
  let time = 1_000_000
  const cache = {
    maxEntries: 10_000,
    now: () => time,
    successTtlMs: SUCCESS_TTL,
    failureTtlMs: FAILURE_TTL,
    staleTtlMs: STALE_TTL,
  }
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>() }
  const logger = recordingLogger()
  const freightClient = jest.fn(() => (options.configured === false ? null : (client as unknown as FreightClient)))
  // The breaker (cockatiel) reads Date.now(): it follows the test's clock too (restored after each test of its describe).
  if (options.breaker) jest.spyOn(Date, "now").mockImplementation(() => time)
  const breaker = options.breaker ? new CircuitBreaker(options.breaker) : null
  const { learned } = options
  const quoter = new CheckoutQuoter({
    cache,
    timeoutMs: TIMEOUT,
    freightClient,
    breaker,
    learned,
    logger,
    now: () => NOW,
  })
  return {
    quoter,
    breaker,
    client,
    logger,
    freightClient,
    advance: (ms: number) => {
      time += ms
    },
  }
}

export async function shopperErrorOf(promise: Promise<unknown>): Promise<ShopperError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection
  )
  if (error instanceof ShopperError) {
    return error
  }
  throw new Error(`expected a ShopperError, got ${error === undefined ? "a result" : String(error)}`)
}

export async function codeOf(promise: Promise<unknown>): Promise<ShopperErrorCode> {
  return (await shopperErrorOf(promise)).code
}

export const amounts = (offers: Array<{ service: string; amountCents: number }>) =>
  offers.map((o) => `${o.service}:${o.amountCents}`)
