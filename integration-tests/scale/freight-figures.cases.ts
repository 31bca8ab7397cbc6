// The admin's Frete page's figures across instances: each server counts in memory and writes its counts every few
// seconds, adding to the same rows; the page, asked on either, adds up both. Registered by multi-instance.spec.ts.
import { isDeepStrictEqual } from "node:util"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { createCart, eventually, listAndCalculate } from "../../scripts/lib/store-api"
import type { TrackingStore } from "../helpers/tracking-store"

type Servers = {
  a: () => MedusaServer
  b: () => MedusaServer
  quote: (
    server: MedusaServer,
    body: Record<string, unknown>,
    client?: string
  ) => Promise<{ status: number; data: { code?: string } }>
  shop: () => TrackingStore["store"]
  tracking: () => TrackingStore
}

export function freightFiguresOfTwoServers({ a, b, quote, shop, tracking }: Servers) {
  it("the admin's Frete page adds up both servers' new quotes, by outcome", async () => {
    const figures = async () =>
      (await a().api.get("/admin/frete/stats", { ...tracking().store.admin, params: { range: "24h" } })).data
        .rows as Array<{ metric: string; key: string; count: number }>
    const quotes = (rows: Array<{ metric: string; key: string; count: number }>) =>
      rows
        .filter((row) => row.metric === "quote")
        .reduce<Record<string, number>>((sums, row) => ({ ...sums, [row.key]: (sums[row.key] ?? 0) + row.count }), {})
    const before = quotes(await figures())
    const ceps = ["31010-000", "41010-000", "51010-000", "61010-000"]
    for (const [index, cep] of ceps.entries()) {
      expect(
        (
          await quote(
            index % 2 === 0 ? a() : b(),
            { postal_code: cep, items: [{ variant_id: tracking().mug, quantity: 1 }] },
            `203.0.113.${20 + index}`
          )
        ).status
      ).toBe(200)
    }
    expect(
      (
        await quote(
          b(),
          { postal_code: "99999-999", items: [{ variant_id: tracking().mug, quantity: 1 }] },
          "203.0.113.30"
        )
      ).data.code
    ).toBe("cep_not_served")
    // A cart priced at checkout through B: one new query; the same cart again through A is B's answer, shared.
    const cartId = await createCart(a().api, shop(), [{ variant_id: tracking().shirt, quantity: 1 }], {
      postal_code: "71010-000",
    })
    await listAndCalculate(b().api, shop(), cartId)
    await listAndCalculate(a().api, shop(), cartId)
    const made = { "page:api": 4, "page:refused": 1, "checkout:api": 1 }
    // Each server writes its counts every few seconds; A writes its own before it answers.
    const counted = (now: Record<string, number>) =>
      Object.fromEntries(
        Object.keys(now).flatMap((key) => (now[key] - (before[key] ?? 0) ? [[key, now[key] - (before[key] ?? 0)]] : []))
      )
    const last = await eventually(
      async () => {
        const now = counted(quotes(await figures()))
        return isDeepStrictEqual(now, made) && now
      },
      200,
      "both servers' counts written"
    ).catch(async () => counted(quotes(await figures())))
    expect(last).toEqual(made)
  })
}
