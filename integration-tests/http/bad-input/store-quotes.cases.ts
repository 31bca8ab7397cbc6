// Bad input on the store quote route, POST /store/frete/quotes, and a cart's CEP of a wrong shape at checkout.
// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.
import fc from "fast-check"
import { StoreFreteQuotesBody } from "../../../src/api/store/frete/quotes/route"
import { tryNormalizeCep } from "../../../src/lib/brazil/cep"
import { SHOPPER_ADDRESS } from "../../../scripts/lib/store-api"
import {
  BODY_LIMIT_BYTES,
  INVALID_CEP,
  MISSING_CEP,
  bytesOf,
  expectPortuguese,
  knownCep,
  maybe,
  members,
  overTheWire,
  small,
  wrongCep,
} from "./inputs"
import { badInputCases } from "./bad-input-runner"

export const storeQuotesCases = badInputCases(({ shop, asShopper, calculate, createCart, freightCalls }) => {
  describe("POST /store/frete/quotes", () => {
    it("wrong-typed values: a 400 in Portuguese before any freight call, a 404 for an unknown cart, or the quotes", async () => {
      const { optionId, variantIds } = shop()
      const cart = await createCart([{ variant_id: variantIds[0], quantity: 2 }])
      const quotesBody = members({
        postal_code: maybe(knownCep),
        cart_id: maybe(fc.constantFrom(cart.id, "cart_nao_existe")),
        items: maybe(
          fc.array(
            members({
              variant_id: maybe(fc.constantFrom(...variantIds, "variant_nao_existe")),
              quantity: maybe(fc.integer({ min: 1, max: 5 })),
            }),
            { maxLength: 3 }
          )
        ),
      })
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 6, arbitrary: quotesBody }, { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }),
          async (body) => {
            const callsBefore = freightCalls().length
            const answer = await asShopper("post", "/store/frete/quotes", body)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              expect(answer.status).toBe(413)
              return
            }
            const parsed = StoreFreteQuotesBody.safeParse(overTheWire(body))
            if (!parsed.success) {
              expect(answer.status).toBe(400)
              expectPortuguese(answer.data.message, /^Consulta de frete inválida: \S/)
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            if (!tryNormalizeCep(parsed.data.postal_code)) {
              expect([answer.status, answer.data.message]).toEqual([400, INVALID_CEP])
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            const unknownCart = parsed.data.cart_id !== undefined && parsed.data.cart_id !== cart.id
            const unknownVariant = (parsed.data.items ?? []).some((item) => !variantIds.includes(item.variant_id))
            if (unknownCart || unknownVariant) {
              expect(answer.status).toBe(unknownCart ? 404 : 400)
              expect(answer.data.message).toMatch(
                unknownCart ? /^Carrinho não encontrado\.$/ : /^Produto não encontrado: /
              )
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            expect(answer.status).toBe(200)
            // One entry per shipping option checkout offers: the store has one of this provider.
            const quotes = answer.data.quotes as Array<{
              option_id: string
              name: string
              amount: number
              currency_code: string
            }>
            expect(quotes.map((quote) => [quote.option_id, quote.name])).toEqual([[optionId, "Frete econômico"]])
            expect(quotes.filter((quote) => !(quote.amount > 0 && quote.currency_code === "brl"))).toEqual([])
          }
        ),
        { numRuns: 40 }
      )
    })

    it("bad items (quantities 0, negative, fractional, huge; unknown variants; more than 100): a 400 in Portuguese and no freight call", async () => {
      const { variantIds } = shop()
      const goodItem = fc.record({
        variant_id: fc.constantFrom(...variantIds),
        quantity: fc.integer({ min: 1, max: 10 }),
      })
      const badQuantity = fc.oneof(
        fc.constantFrom(
          0,
          -0,
          -1,
          0.5,
          1.5,
          2.000001,
          1001,
          1e9,
          Number.MAX_SAFE_INTEGER,
          1e308,
          -1e308,
          NaN,
          Infinity,
          "1",
          "0",
          "",
          null,
          true,
          [],
          {}
        ),
        fc.integer({ max: 0 }),
        fc.integer({ min: 1001 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((quantity) => !Number.isInteger(quantity))
      )
      const unknownVariant = fc.oneof(
        fc.constantFrom(
          "variant_nao_existe",
          "variant_01JZZZZZZZZZZZZZZZZZZZZZZZ",
          "🚚",
          "a\u0000b",
          " ",
          "x".repeat(101)
        ),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }).filter((id) => !variantIds.includes(id))
      )
      const badItem = fc.oneof(
        fc.record({ variant_id: fc.constantFrom(...variantIds), quantity: badQuantity }),
        fc.record({ variant_id: unknownVariant, quantity: fc.integer({ min: 1, max: 10 }) }),
        fc.record({ quantity: fc.integer({ min: 1, max: 10 }) }),
        fc.record({ variant_id: fc.constantFrom(...variantIds) })
      )
      const badItems = fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(fc.array(goodItem, { maxLength: 3 }), badItem, fc.array(goodItem, { maxLength: 3 }))
            .map(([head, bad, tail]) => [...head, bad, ...tail]),
        },
        {
          weight: 1,
          arbitrary: fc
            .integer({ min: 101, max: 130 })
            .chain((count) => fc.array(goodItem, { minLength: count, maxLength: count })),
        },
        { weight: 1, arbitrary: fc.constant([]) }
      )
      await fc.assert(
        fc.asyncProperty(knownCep, badItems, async (postalCode, items) => {
          const callsBefore = freightCalls().length
          const answer = await asShopper("post", "/store/frete/quotes", { postal_code: postalCode, items })
          expect(answer.status).toBe(400)
          const message = answer.data.message as string
          if (message.startsWith("Produto não encontrado: ")) {
            // The shopper's own ids follow the colon; the words before it are the plugin's.
            expect(
              items.map((item) => (item as { variant_id: string }).variant_id).filter((id) => !variantIds.includes(id))
            ).not.toEqual([])
          } else {
            expectPortuguese(message, /^Consulta de frete inválida: items(\.\d+\.(variant_id|quantity))?: \S/)
          }
          expect(freightCalls()).toHaveLength(callsBefore)
        }),
        { numRuns: 30 }
      )
    })

    it("CEPs of every wrong shape, with items or with a cart: the CEP message and not one freight call", async () => {
      const { variantIds } = shop()
      const cart = await createCart([{ variant_id: variantIds[1], quantity: 1 }])
      await fc.assert(
        fc.asyncProperty(wrongCep, async (postalCode) => {
          for (const body of [
            { postal_code: postalCode, items: [{ variant_id: variantIds[0], quantity: 1 }] },
            { postal_code: postalCode, cart_id: cart.id },
          ]) {
            const answer = await asShopper("post", "/store/frete/quotes", body)
            expect(answer.status).toBe(400)
            // Longer than a CEP can be written (over 20 characters, counted as zod counts them: by
            // code point, so a symbol written with a surrogate pair is one): refused by the body's
            // validation, in the same words.
            expect(answer.data.message).toBe(
              [...postalCode].length > 20 ? "Consulta de frete inválida: postal_code: CEP inválido" : INVALID_CEP
            )
          }
        }),
        { numRuns: 40 }
      )
      expect(freightCalls()).toHaveLength(0)
    })

    it("a cart whose address has a CEP of a wrong shape: checkout's calculate answers 400 in Portuguese and calls nobody", async () => {
      const { variantIds } = shop()
      const cart = await createCart([{ variant_id: variantIds[2], quantity: 1 }])
      // Medusa itself cannot store a NUL in an address (Postgres text): that 500 is Medusa's.
      await fc.assert(
        fc.asyncProperty(
          wrongCep.filter((cep) => !cep.includes("\u0000")),
          async (postalCode) => {
            const update = await asShopper("post", `/store/carts/${cart.id}`, {
              shipping_address: { ...SHOPPER_ADDRESS, postal_code: postalCode },
            })
            expect(update.status).toBe(200)
            const answer = await calculate(cart.id)
            expect(answer.status).toBe(400)
            expect([INVALID_CEP, MISSING_CEP]).toContain(answer.data.message)
          }
        ),
        { numRuns: 12 }
      )
      expect(freightCalls()).toHaveLength(0)
    })
  })
})
