import { DEMO_OPTIONS, DEMO_PRODUCTS, seedDemoStore } from "../../scripts/demo/seed"
import { playReturn } from "../../scripts/demo/return-play"
import { playStorefront } from "../../scripts/demo/storefront-play"
import { createAdminUser } from "../helpers/admin-auth"
import type { FreteCases } from "../helpers/frete-runner"

export const demoSeedAndPlayCases: FreteCases = ({ api, getContainer, sandbox }) => {
  it("seeds the demo store once, whatever the number of runs, and plays the storefront through to a tracking order", async () => {
    const admin = await createAdminUser(api, getContainer())
    const created: string[] = []
    const first = await seedDemoStore(api, admin, (line) => created.push(line))
    // The products, the checkout options and the return option.
    expect(created.length).toBeGreaterThanOrEqual(DEMO_PRODUCTS.length + DEMO_OPTIONS.length + 1)

    const again: string[] = []
    const second = await seedDemoStore(api, admin, (line) => again.push(line))
    expect(again).toEqual([])
    expect(second).toEqual(first)
    const { data: products } = await api.get("/admin/products", { ...admin, params: { limit: 100 } })
    expect(products.products).toHaveLength(DEMO_PRODUCTS.length)
    const { data: options } = await api.get("/admin/shipping-options", { ...admin, params: { limit: 100 } })
    expect(options.shipping_options).toHaveLength(DEMO_OPTIONS.length + 1)

    const play = await playStorefront(api, second)
    expect(play.productPageQuotes.length).toBeGreaterThan(0)
    expect(play.checkoutQuotes.map((quote) => quote.option)).toEqual(DEMO_OPTIONS.map((option) => option.name))
    for (const quote of play.checkoutQuotes) {
      expect(quote.amount).toBeGreaterThan(0)
      expect(quote.is_fallback).toBe(false)
      expect(quote.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect(play.order.amount).toBe(Math.min(...play.checkoutQuotes.map((quote) => quote.amount)))
    expect(play.trackingOrder).toMatchObject({ status: "created", attempts: 1 })
    expect(sandbox().trackingOrders()).toHaveLength(1)
    expect(sandbox().trackingOrders()[0].order).toMatchObject({
      OrderNumber: String(play.order.display_id),
      CustomerState: "MG",
      CompanyPostalCode: "01310100",
    })

    // The admin's return of one item: priced from the shopper's CEP to the store's, with its facts kept.
    const returned = await playReturn(api, second, play.order.id)
    expect(returned.amount).toBeGreaterThan(0)
    expect(returned.days).toEqual(expect.any(Number))
    const returnQuery = sandbox().calls({ service: "freight" }).at(-1)?.body as {
      cep_origem: string
      cep_destino: string
      volumes: unknown[]
    }
    expect(returnQuery).toMatchObject({ cep_origem: "30130010", cep_destino: "01310100" })
    expect(returnQuery.volumes).toHaveLength(1)
  })
}
