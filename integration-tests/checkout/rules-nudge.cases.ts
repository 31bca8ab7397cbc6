// The free-freight nudge (GET /store/frete/free-freight) under free rules scoped by state, CEP range, weight and
// product: it must say free exactly when checkout prices the cheapest option at R$ 0,00, and one centavo under a
// threshold it must say so and checkout must charge. A cart of two shipping profiles is two parcels, priced apart: free
// when both are. A later rule that charges again, or hides the freed service, counts as it does at checkout.
import type { FreteTestContext } from "../helpers/frete-runner"
import { createProduct } from "../../scripts/lib/store-api"
import type { FreteFreeFreightAnswer } from "../../src/api/store/frete/free-freight/contract"
import {
  BELO_HORIZONTE,
  RIO,
  SALVADOR,
  atCheckout,
  cartOf,
  changed,
  expectedAtCheckout,
  fragileVase,
  priceOption,
  sandboxQuotes,
  saveRules,
  type Line,
  type Quote,
  type RuleInput,
  type RulesStore,
} from "./rules-store"

const CURITIBA = { postal_code: "80010-000", province: "PR", city: "Curitiba" }
const NITEROI = { postal_code: "24020-100", province: "RJ", city: "Niterói" }

const freed = (quote: Quote) => ({ ...quote, cents: 0 })

export function rulesNudgeCases({ api }: FreteTestContext, rules: () => RulesStore) {
  const nudge = async (cartId: string) =>
    (await api.get("/store/frete/free-freight", { ...rules().store.store, params: { cart_id: cartId } }))
      .data as FreteFreeFreightAnswer
  let made = 0
  /** A product of its own at that price (reais) and weight (grams), 20x15x5 cm: 0,25 kg cubed. */
  const productAt = async (price: number, weight = 300) => {
    made += 1
    const input = { title: `Produto ${made}`, sku: `PRODUTO-${made}`, price, weight, length: 20, width: 15, height: 5 }
    return { input, ...(await createProduct(api, rules().store, input)) }
  }

  it("says free exactly when checkout prices R$ 0,00, and what one centavo under lacks, scope by scope", async () => {
    const [under100, at100, under150, at150] = [
      await productAt(99.99),
      await productAt(100),
      await productAt(149.99),
      await productAt(150),
    ]
    const [heavyUnder100, heavyAt100, tooHeavy] = [
      await productAt(99.99, 1200),
      await productAt(100, 1200),
      await productAt(100, 3500),
    ]
    const [book, dearerBook, bookmark] = [await productAt(49.99), await productAt(50), await productAt(10)]
    await saveRules(api, rules(), [
      { scope: { states: ["BA"], min_subtotal: 100 }, action: { type: "free" } },
      {
        scope: { cep_ranges: [{ from: "20000-000", to: "20099-999" }], min_subtotal: 150 },
        action: { type: "free_cheapest" },
      },
      { scope: { states: ["PR"], min_weight_kg: 1, max_weight_kg: 3, min_subtotal: 100 }, action: { type: "free" } },
      { scope: { product_ids: [book.productId, dearerBook.productId], min_subtotal: 50 }, action: { type: "free" } },
    ])
    const one = (product: Line["product"]): Line[] => [{ product, quantity: 1 }]
    const carts = [
      { label: "Salvador, R$ 99,99", lines: one(under100), address: SALVADOR },
      { label: "Salvador, R$ 100,00", lines: one(at100), address: SALVADOR },
      { label: "Rio's range, R$ 149,99", lines: one(under150), address: RIO },
      { label: "Rio's range, R$ 150,00", lines: one(at150), address: RIO },
      { label: "Niterói, out of the range, R$ 150,00", lines: one(at150), address: NITEROI },
      { label: "Curitiba, 1,2 kg, R$ 99,99", lines: one(heavyUnder100), address: CURITIBA },
      { label: "Curitiba, 1,2 kg, R$ 100,00", lines: one(heavyAt100), address: CURITIBA },
      { label: "Curitiba, 0,3 kg, R$ 100,00", lines: one(at100), address: CURITIBA },
      { label: "Curitiba, 3,5 kg, R$ 100,00", lines: one(tooHeavy), address: CURITIBA },
      { label: "the book, R$ 49,99", lines: one(book), address: BELO_HORIZONTE },
      { label: "the other book, R$ 50,00", lines: one(dearerBook), address: BELO_HORIZONTE },
      {
        label: "the other book and a bookmark, R$ 60,00",
        lines: [...one(dearerBook), ...one(bookmark)],
        address: BELO_HORIZONTE,
      },
    ]
    const rows = []
    for (const { label, lines, address } of carts) {
      const cartId = await cartOf(api, rules(), lines, address)
      const data = await nudge(cartId)
      const { shown } = await atCheckout(api, rules(), cartId)
      const cheapest = shown.cheapest as { amount: number }
      rows.push({ label, free: data.free, missing: data.missing, pricedAtZero: cheapest.amount === 0 })
    }
    const free = { free: true, missing: 0, pricedAtZero: true }
    const oneCentavoShort = { free: false, missing: 0.01, pricedAtZero: false }
    const unreachable = { free: false, missing: null, pricedAtZero: false }
    expect(rows).toEqual([
      { label: "Salvador, R$ 99,99", ...oneCentavoShort },
      { label: "Salvador, R$ 100,00", ...free },
      { label: "Rio's range, R$ 149,99", ...oneCentavoShort },
      { label: "Rio's range, R$ 150,00", ...free },
      { label: "Niterói, out of the range, R$ 150,00", ...unreachable },
      { label: "Curitiba, 1,2 kg, R$ 99,99", ...oneCentavoShort },
      { label: "Curitiba, 1,2 kg, R$ 100,00", ...free },
      { label: "Curitiba, 0,3 kg, R$ 100,00", ...unreachable },
      { label: "Curitiba, 3,5 kg, R$ 100,00", ...unreachable },
      { label: "the book, R$ 49,99", ...oneCentavoShort },
      { label: "the other book, R$ 50,00", ...free },
      { label: "the other book and a bookmark, R$ 60,00", ...unreachable },
    ])
  })

  it("is free only when every parcel is: a cart of two shipping profiles, each priced apart at checkout", async () => {
    const fragile = await fragileVase(api, rules())
    await saveRules(api, rules(), [{ scope: { states: ["MG"], min_subtotal: 150 }, action: { type: "free" } }])
    const shirts = (quantity: number): Line => ({ product: rules().shirt, quantity })
    const vases = (quantity: number): Line => ({ product: fragile.vase, quantity })
    /** The store's options for the shirts' parcel, the fragile profile's PAC for the vases': free, or as the sandbox. */
    const expected = (shirtLines: Line[], vaseLines: Line[], free: { shirts: boolean; vases: boolean }) => {
      const pac = sandboxQuotes(BELO_HORIZONTE.postal_code, vaseLines)["correios-pac"] as Quote
      const shirtQuotes = sandboxQuotes(BELO_HORIZONTE.postal_code, shirtLines)
      return {
        shirts: expectedAtCheckout(free.shirts ? changed(shirtQuotes, freed) : shirtQuotes),
        vases: { service: "correios-pac", amount: free.vases ? 0 : pac.cents / 100, days: pac.days },
      }
    }
    try {
      const rows = []
      // R$ 240 + R$ 45; R$ 120 + R$ 180; R$ 240 + R$ 180: the whole cart is over R$ 150 every time.
      for (const [shirtLines, vaseLines] of [
        [[shirts(2)], [vases(1)]],
        [[shirts(1)], [vases(4)]],
        [[shirts(2)], [vases(4)]],
      ]) {
        const cartId = await cartOf(api, rules(), [...shirtLines, ...vaseLines], BELO_HORIZONTE)
        const { subtotal, free, threshold, missing } = await nudge(cartId)
        const { shown } = await atCheckout(api, rules(), cartId)
        const priced = { shirts: shown, vases: await priceOption(api, rules(), fragile.optionId, cartId) }
        rows.push({ nudge: { subtotal, free, threshold, missing }, priced })
      }
      expect(rows).toEqual([
        {
          nudge: { subtotal: 285, free: false, threshold: 150, missing: 105 },
          priced: expected([shirts(2)], [vases(1)], { shirts: true, vases: false }),
        },
        {
          nudge: { subtotal: 300, free: false, threshold: 150, missing: 30 },
          priced: expected([shirts(1)], [vases(4)], { shirts: false, vases: true }),
        },
        {
          nudge: { subtotal: 420, free: true, threshold: 150, missing: 0 },
          priced: expected([shirts(2)], [vases(4)], { shirts: true, vases: true }),
        },
      ])
    } finally {
      await fragile.remove()
    }
  })

  /** The nudge and every option as checkout prices it, for each cart, in Rio, under these rules. */
  async function underRules(list: RuleInput[], carts: Line[][]) {
    await saveRules(api, rules(), list)
    const rows = []
    for (const lines of carts) {
      const cartId = await cartOf(api, rules(), lines, RIO)
      const { free, reachable, threshold, missing } = await nudge(cartId)
      rows.push({
        nudge: { free, reachable, threshold, missing },
        shown: (await atCheckout(api, rules(), cartId)).shown,
      })
    }
    return rows
  }
  const notReachable = { free: false, reachable: false, threshold: null, missing: null }

  it("says not free, nor reachable, where a later rule charges again, and checkout charges it", async () => {
    // R$ 120 and R$ 90: free from R$ 100, then R$ 5 on every service.
    const carts = [[{ product: rules().shirt, quantity: 1 }], [{ product: rules().mug, quantity: 2 }]]
    const rows = await underRules(
      [{ scope: { min_subtotal: 100 }, action: { type: "free" } }, { action: { type: "amount", value: 5 } }],
      carts
    )
    const [over, under] = carts.map((lines) => sandboxQuotes(RIO.postal_code, lines))
    expect(rows).toEqual([
      { nudge: notReachable, shown: expectedAtCheckout(changed(over, (quote) => ({ ...quote, cents: 500 }))) },
      {
        nudge: notReachable,
        shown: expectedAtCheckout(changed(under, (quote) => ({ ...quote, cents: quote.cents + 500 }))),
      },
    ])
  })

  it("says not free, nor reachable, where a later rule hides the freed service, and checkout offers it nowhere", async () => {
    const lines = [{ product: rules().shirt, quantity: 1 }]
    const quotes = sandboxQuotes(RIO.postal_code, lines)
    // Jadlog is the cheapest: the one free_cheapest frees.
    expect(expectedAtCheckout(quotes).cheapest).toMatchObject({ service: "jadlog-package" })
    const hideJadlog: RuleInput = { scope: { services: ["jadlog-package"] }, action: { type: "hide" } }
    const withoutJadlog = expectedAtCheckout(changed(quotes, () => null, ["jadlog-package"]))
    for (const free of [
      { scope: { services: ["jadlog-package"], min_subtotal: 100 }, action: { type: "free" } },
      { scope: { min_subtotal: 100 }, action: { type: "free_cheapest" } },
    ] as RuleInput[]) {
      const [row] = await underRules([free, hideJadlog], [lines])
      expect({ action: free.action.type, ...row }).toEqual({
        action: free.action.type,
        nudge: notReachable,
        shown: withoutJadlog,
      })
    }
  })

  it("promises no free freight that depends on which service the carrier prices lowest, though checkout may free it", async () => {
    // Checkout frees Jadlog, the cheapest here, and hides PAC: free. Had the carrier priced PAC lowest, nothing would
    // be: the nudge, with no freight call, promises only what holds for any answer.
    const lines = [{ product: rules().shirt, quantity: 1 }]
    const quotes = sandboxQuotes(RIO.postal_code, lines)
    const hidePac = [
      { scope: { min_subtotal: 100 }, action: { type: "free_cheapest" } },
      { scope: { services: ["correios-pac"] }, action: { type: "hide" } },
    ] as RuleInput[]
    expect(await underRules(hidePac, [lines])).toEqual([
      {
        nudge: notReachable,
        shown: expectedAtCheckout(changed(changed(quotes, freed, ["jadlog-package"]), () => null, ["correios-pac"])),
      },
    ])
  })

  it("says what a cart lacks where a later charge stops at a max_subtotal, as checkout prices it", async () => {
    // Free from R$ 100, R$ 5 on up to R$ 199,99: R$ 150 lacks R$ 50, R$ 200 is free.
    const [at150, at200] = [await productAt(150), await productAt(200)]
    const stopping = [
      { scope: { min_subtotal: 100 }, action: { type: "free" } },
      { scope: { max_subtotal: 199.99 }, action: { type: "amount", value: 5 } },
    ] as RuleInput[]
    const rows = await underRules(stopping, [[{ product: at150, quantity: 1 }], [{ product: at200, quantity: 1 }]])
    expect(
      rows.map(({ nudge: answer, shown }) => ({ ...answer, cheapest: (shown.cheapest as { amount: number }).amount }))
    ).toEqual([
      { free: false, reachable: true, threshold: 200, missing: 50, cheapest: 5 },
      { free: true, reachable: true, threshold: 200, missing: 0, cheapest: 0 },
    ])
  })
}
