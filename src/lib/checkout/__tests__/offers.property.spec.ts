import fc from "fast-check"
import { MAX_BUSINESS_DAYS } from "../../brazil/business-days"
import { readQuotations, type FreightQuery } from "../../freight/schemas"
import { BRAZILIAN_STATES } from "../../brazil/cep-state"
import { freteSettingsSchema, type FreteSettings } from "../../settings/schema"
import { CHEAPEST, fallbackOffers, FASTEST, offersFromQuote, pickOffer, type Offer } from "../offers"
import { applyRules, stateOf } from "../rules"
import { offerOf } from "./offer.fixtures"

const METANAMES = ["correios-pac", "correios-sedex", "jadlog-package", "loggi-express", "azul-cargo"]
const metaname = fc.constantFrom(...METANAMES)
const eightDigits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 8, maxLength: 8 })
/** A moment between 2020 and 2035, for delivery estimates. */
const now = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2035-12-31T23:59:59Z"),
  noInvalidDate: true,
})
const centsReais = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100)
const reais = fc.oneof(centsReais, fc.double({ min: 0, max: 1_000_000, noNaN: true }))

/**
 * A price as the freight API may write it, with the centavos it stands for, known by construction:
 * Brazilian text, a number, dot-decimal text; null for what is no price; none for arbitrary fuzz.
 */
const centsOnWire = fc.integer({ min: 0, max: 10_000_000 })
const wirePrice: fc.Arbitrary<{ wire: unknown; cents?: number | null }> = fc.oneof(
  {
    weight: 5,
    arbitrary: centsOnWire.map((cents) => ({
      wire: `${Math.floor(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`,
      cents,
    })),
  },
  { weight: 2, arbitrary: centsOnWire.map((cents) => ({ wire: cents / 100, cents })) },
  { weight: 2, arbitrary: centsOnWire.map((cents) => ({ wire: (cents / 100).toFixed(2), cents })) },
  {
    weight: 1,
    // Negative, not a number, or beyond the centavos a double counts exactly (1e307 reais, 1e17 reais, 9.008e15 centavos).
    arbitrary: fc
      .constantFrom(
        "-1,00",
        "-0,01",
        "abc",
        "",
        "NaN",
        "Infinity",
        "1e3",
        `1${"0".repeat(307)}`,
        `${"9".repeat(17)},99`,
        "0.090.080.000.000.000",
        null,
        true,
        -5
      )
      .map((wire) => ({ wire, cents: null })),
  },
  { weight: 2, arbitrary: fc.oneof(fc.double(), fc.string()).map((wire) => ({ wire })) }
)
const wireDays: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      101,
      "101",
      "7",
      " 3 ",
      1000,
      1001,
      3_000_000,
      2 ** 53,
      "99999999999999999999",
      -1,
      1.5,
      "a",
      null
    ),
  }
)
const pricedQuotation = fc.record({
  servico_metaname: metaname,
  servico_nome: fc.constantFrom("PAC", "SEDEX", "Jadlog .Package", "Loggi", "Azul"),
  transportadora_metaname: fc.option(fc.constantFrom("correios", "jadlog"), { nil: null }),
  price: wirePrice,
  cotacao_prazo: wireDays,
  cotacao_codigo: fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined }),
})
const toWire = ({ price, ...quotation }: { price: { wire: unknown } } & Record<string, unknown>) => ({
  ...quotation,
  cotacao_preco: price.wire,
})
const wireQuotation = pricedQuotation.map(toWire)

const serviceSettings = fc.uniqueArray(
  fc.record({
    metaname,
    name: fc.constantFrom("PAC", "SEDEX", "Jadlog .Package", "Loggi", "Azul"),
    enabled: fc.boolean(),
    display_name: fc.option(fc.constantFrom("Econômico", "Expresso", "Entrega rápida"), { nil: null }),
  }),
  { selector: (service) => service.metaname, maxLength: METANAMES.length }
)
const settings: fc.Arbitrary<FreteSettings> = fc
  .record({
    services: serviceSettings,
    fallback: fc.uniqueArray(
      fc.record({
        service: metaname,
        name: fc.constantFrom("PAC (tabela)", "SEDEX (tabela)"),
        carrier: fc.option(fc.constantFrom("correios", "jadlog"), { nil: null }),
        bands: fc.array(
          fc.record({
            max_weight_kg: fc.double({ min: 0.001, max: 100_000, noNaN: true }),
            price: centsReais,
            days: fc.integer({ min: 0, max: 365 }),
          }),
          { minLength: 1, maxLength: 4 }
        ),
      }),
      { selector: (entry) => entry.service, maxLength: 4 }
    ),
  })
  .map((input) => freteSettingsSchema.parse(input))

/** A query as buildFreightQuery makes them (freightQuerySchema's rules). */
const query: fc.Arbitrary<FreightQuery> = fc.record({
  originCep: eightDigits,
  destinationCep: eightDigits,
  invoiceValue: reais,
  extraDays: fc.integer({ min: 0, max: 365 }),
  extraPrice: centsReais,
  freeFreight: fc.boolean(),
  volumes: fc.array(
    fc.record({
      sku: fc.constant("SKU"),
      quantity: fc.integer({ min: 1, max: 1000 }),
      price: reais,
      weightKg: fc.oneof(
        fc.double({ min: 0.001, max: 50, noNaN: true }),
        fc.double({ min: 0.001, max: 1e12, noNaN: true })
      ),
      lengthCm: fc.double({ min: 0.01, max: 500, noNaN: true }),
      heightCm: fc.double({ min: 0.01, max: 500, noNaN: true }),
      widthCm: fc.double({ min: 0.01, max: 500, noNaN: true }),
    }),
    { minLength: 1, maxLength: 5 }
  ),
})

function expectWellFormed(offer: Offer) {
  expect(Number.isSafeInteger(offer.amountCents) && offer.amountCents >= 0).toBe(true)
  if (offer.days === null) {
    expect(offer.deliveryEstimate).toBeNull()
  } else {
    expect(Number.isInteger(offer.days) && offer.days >= 0 && offer.days <= MAX_BUSINESS_DAYS).toBe(true)
    expect(offer.deliveryEstimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  }
}

describe("offers from the freight API's answer (properties)", () => {
  it("any quotation is left out as malformed, or gives an offer whose amount is its price, in whole centavos >= 0", () => {
    fc.assert(
      fc.property(fc.array(pricedQuotation, { maxLength: 6 }), settings, now, (priced, s, at) => {
        // Each quotation's code is its index, to find it back from its offer.
        const { quotations, dropped } = readQuotations(
          priced.map((quotation, index) => ({ ...toWire(quotation), cotacao_codigo: String(index) }))
        )
        const droppedIndexes = new Set(dropped.map((quotation) => quotation.index))
        const offers = offersFromQuote({ consultaToken: "tok-1", quotations }, s, at)
        const enabled = (index: number) =>
          s.services.find((service) => service.metaname === priced[index].servico_metaname)?.enabled !== false
        const offered = priced.map((_, index) => index).filter((index) => !droppedIndexes.has(index) && enabled(index))
        expect(offers.map((offer) => Number(offer.code)).sort((a, b) => a - b)).toEqual(offered)
        for (const offer of offers) {
          expectWellFormed(offer)
          const { cents } = priced[Number(offer.code)].price
          if (cents !== undefined) expect(offer.amountCents).toBe(cents)
        }
        priced.forEach(
          (quotation, index) => quotation.price.cents === null && expect(droppedIndexes.has(index)).toBe(true)
        )
      }),
      { numRuns: 200 }
    )
  })

  it("pickOffer picks the cheapest, the fastest, or a service's own cheapest quotation, from the offers", () => {
    fc.assert(
      fc.property(
        fc.array(wireQuotation, { maxLength: 6 }),
        settings,
        now,
        fc.constantFrom(CHEAPEST, FASTEST, ...METANAMES),
        (cotacoes, s, at, option) => {
          const { quotations } = readQuotations(cotacoes)
          const offers = offersFromQuote({ consultaToken: "tok-1", quotations }, s, at)
          const picked = pickOffer(offers, option)
          const candidates =
            option === CHEAPEST || option === FASTEST ? offers : offers.filter((offer) => offer.service === option)
          if (candidates.length === 0) {
            expect(picked).toBeUndefined()
            return
          }
          expect(candidates).toContain(picked)
          const days = (offer: Offer) => offer.days ?? Infinity
          if (option === FASTEST) expect(days(picked as Offer)).toBe(Math.min(...candidates.map(days)))
          else expect((picked as Offer).amountCents).toBe(Math.min(...candidates.map((offer) => offer.amountCents)))
        }
      ),
      { numRuns: 200 }
    )
  })
})

describe("fallback offers (properties)", () => {
  it("are priced from the first band that holds the cart, its days plus the query's handling days", () => {
    fc.assert(
      fc.property(query, settings, now, (q, s, at) => {
        // Real or cubic weight (L × W × H / 6000), whichever is larger, written out here.
        const weight = q.volumes.reduce(
          (sum, v) => sum + Math.max(v.weightKg, (v.lengthCm * v.widthCm * v.heightCm) / 6000) * v.quantity,
          0
        )
        expect(Number.isFinite(weight) && weight > 0).toBe(true)
        const offers = fallbackOffers(q, s, at)
        const expected = s.fallback.filter(
          (entry) =>
            entry.bands.some((band) => weight <= band.max_weight_kg) &&
            s.services.find((service) => service.metaname === entry.service)?.enabled !== false
        )
        expect(offers.map((offer) => offer.service).sort()).toEqual(expected.map((entry) => entry.service).sort())
        const listed = offers.map((offer) => {
          const entry = expected.find((candidate) => candidate.service === offer.service)!
          const band = entry.bands.find((candidate) => weight <= candidate.max_weight_kg)!
          // Both are whole centavos by construction.
          return {
            offer,
            price: Math.round(band.price * 100),
            days: band.days + (q.extraDays ?? 0),
          }
        })
        for (const { offer, price, days } of listed) {
          expectWellFormed(offer)
          expect(offer.isFallback).toBe(true)
          expect(offer.days).toBe(days)
          expect(offer.amountCents).toBe(price)
        }
      }),
      { numRuns: 200 }
    )
  })
})

// Whether checkout frees a service of a cart to this CEP, the API having priced two.
function qualifiesForFreeFreight(settings: FreteSettings, subtotal: number, cep: string, province?: string) {
  const cart = { subtotal, destinationCep: cep, state: stateOf(cep, province), weightKg: 1, items: [] }
  const answered = [offerOf(METANAMES[0], 2519), offerOf(METANAMES[1], 4000)]
  return applyRules(answered, cart, settings, new Date()).offers.some((offer) => offer.amountCents === 0)
}

describe("free-freight rules carried over (properties)", () => {
  const rule = fc.record({
    min_subtotal: reais,
    states: fc.subarray([...BRAZILIAN_STATES], { maxLength: 5 }),
    cep_ranges: fc.array(
      fc.tuple(eightDigits, eightDigits).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
      { maxLength: 2 }
    ),
  })
  const rules = fc.array(rule, { maxLength: 4 }).map((list) => freteSettingsSchema.parse({ free_freight_rules: list }))
  const province: fc.Arbitrary<unknown> = fc.oneof(
    fc.constantFrom(null, undefined, "RJ", " sp ", "br-mg", "BR-BA", "Rio de Janeiro", ""),
    fc.string(),
    fc.integer(),
    fc.object()
  )

  it("never throws, whatever the province holds", () => {
    fc.assert(
      fc.property(rules, reais, eightDigits, province, (s, subtotal, cep, uf) => {
        expect(typeof qualifiesForFreeFreight(s, subtotal, cep, uf as string)).toBe("boolean")
      }),
      { numRuns: 300 }
    )
  })

  it("no rule: never free; a larger subtotal never loses free freight; one more rule never takes it away", () => {
    fc.assert(
      fc.property(rules, rule, reais, reais, eightDigits, province, (s, extra, subtotal, more, cep, uf) => {
        expect(qualifiesForFreeFreight({ ...s, rules: [] }, subtotal, cep, uf as string)).toBe(false)
        if (qualifiesForFreeFreight(s, subtotal, cep, uf as string)) {
          expect(qualifiesForFreeFreight(s, subtotal + more, cep, uf as string)).toBe(true)
          const withExtra = {
            ...s,
            rules: [...s.rules, ...freteSettingsSchema.parse({ free_freight_rules: [extra] }).rules],
          }
          expect(qualifiesForFreeFreight(withExtra, subtotal, cep, uf as string)).toBe(true)
        }
      }),
      { numRuns: 300 }
    )
  })

  it("a rule with no state and no CEP range applies from its minimum subtotal on, anywhere", () => {
    fc.assert(
      fc.property(reais, reais, eightDigits, province, (minimum, subtotal, cep, uf) => {
        const s = freteSettingsSchema.parse({ free_freight_rules: [{ min_subtotal: minimum }] })
        expect(qualifiesForFreeFreight(s, subtotal, cep, uf as string)).toBe(subtotal >= minimum)
      }),
      { numRuns: 300 }
    )
  })
})
