// Checkout's quota bounds across instances: a cart's bound is counted by each server, a shopper's address by all of
// them together, on Medusa's Redis workflow engine (the provider reads the request through the plugin's middleware on
// Medusa's pricing routes). Registered by multi-instance.spec.ts.
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { createCart, SHOPPER_ADDRESS } from "../../scripts/lib/store-api"
import type { TrackingStore } from "../helpers/tracking-store"

type Answer = { status: number; data: { code?: string } }
type Servers = {
  a: () => MedusaServer
  b: () => MedusaServer
  shop: () => TrackingStore["store"]
  tracking: () => TrackingStore
  freightCalls: () => number
  boundInForce: (perMinute: number) => Promise<void>
  admin: () => MedusaServer["api"]
}

export function checkoutBoundsOfTwoServers({ a, b, shop, tracking, freightCalls, boundInForce, admin }: Servers) {
  it("a cart's bound on Medusa's own calculate route is counted by each server: through both, twice the bound is priced, then refused", async () => {
    await boundInForce(4)
    try {
      const cartId = await createCart(a().api, shop(), [{ variant_id: tracking().mug, quantity: 1 }], {
        postal_code: "11000-000",
      })
      const before = freightCalls()
      const answers: Answer[] = []
      for (let index = 0; index < 10; index += 1) {
        const server = index % 2 === 0 ? a() : b()
        // The shopper types a new CEP, and the delivery step prices it, on whichever server the balancer picks.
        const address = { ...SHOPPER_ADDRESS, postal_code: `${String(11_000 + index * 8_000).padStart(5, "0")}-000` }
        await server.api.post(`/store/carts/${cartId}`, { shipping_address: address }, tracking().store.store)
        answers.push(
          await server.api
            .post(
              `/store/shipping-options/${tracking().optionId}/calculate`,
              { cart_id: cartId, data: {} },
              tracking().store.store
            )
            .catch((error: { response: Answer }) => error.response)
        )
      }
      expect(answers.slice(0, 8).map((answer) => answer.status)).toEqual(Array(8).fill(200))
      expect(answers.slice(8).map((answer) => [answer.status, answer.data.code])).toEqual(
        Array(2).fill([400, "too_many_quotes"])
      )
      expect(freightCalls() - before).toBe(8)
    } finally {
      await admin().post("/admin/frete/settings", { quote_route_limit_per_minute: 60 }, tracking().store.admin)
    }
  })

  it("checkout bounds a forwarded shopper's new carts across both servers, on Medusa's Redis workflow engine", async () => {
    await boundInForce(4)
    try {
      const ceps = ["13010-000", "14010-000", "15010-000", "16010-000", "17010-000", "18010-000"]
      // One after the other: carts made at once for a shopper's e-mail race to create its customer.
      const carts: string[] = []
      for (const cep of ceps) {
        carts.push(
          await createCart(a().api, shop(), [{ variant_id: tracking().mug, quantity: 1 }], { postal_code: cep })
        )
      }
      const before = freightCalls()
      const shopper = { headers: { ...tracking().store.store.headers, "x-forwarded-for": "192.0.2.77" } }
      const answers: Answer[] = []
      for (const [index, cartId] of carts.entries()) {
        const server = index % 2 === 0 ? a() : b()
        answers.push(
          await server.api
            .post(`/store/shipping-options/${tracking().optionId}/calculate`, { cart_id: cartId, data: {} }, shopper)
            .catch((error: { response: Answer }) => error.response)
        )
      }
      // Six carts of one shopper, a bound of 4 shared by the servers: the store has no fallback table, so the rest is refused.
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 400, 400])
      expect(freightCalls() - before).toBe(4)
    } finally {
      await admin().post("/admin/frete/settings", { quote_route_limit_per_minute: 60 }, tracking().store.admin)
    }
  })
}
