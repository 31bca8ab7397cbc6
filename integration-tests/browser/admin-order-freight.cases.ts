// The order's freight widget (admin-dashboard.spec.ts, after admin-freight-dashboard.cases.ts): the order
// placed from the fallback table while the freight service failed is flagged as an estimate, the one the
// API priced is not. The orders are the ones the Frete page's first case placed.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { SHOTS, type BrowserStore } from "../helpers/browser-store"
import { brl, type PricedOrders } from "./admin-freight-dashboard.cases"

export const orderFreightCases = (started: () => BrowserStore, placed: () => PricedOrders): void => {
  let server: MedusaServer
  let page: Page
  let tableOrderId: string
  let apiOrderId: string

  const byTestId = (id: string) => page.getByTestId(id)
  const text = async (id: string) => ((await byTestId(id).first().textContent()) ?? "").trim()

  // Before each case, not once: an earlier case of the same describe places the orders.
  beforeEach(() => {
    ;({ server, page } = started())
    ;({ tableOrderId, apiOrderId } = placed())
  })

  it("flags the order priced from the fallback table in its freight widget, and not the one the API priced", async () => {
    const { data } = await server.api.get(`/admin/orders/${tableOrderId}`, {
      ...server.admin,
      params: { fields: "id,*shipping_methods" },
    })
    const [method] = data.order.shipping_methods as Array<{
      id: string
      amount: number
      data: { delivery_estimate: string; days: number; is_fallback: boolean }
    }>
    expect(method.data.is_fallback).toBe(true)
    await page.goto(`${server.url}/app/orders/${tableOrderId}`)
    const item = `frete-order-freight-${method.id}`
    await byTestId(item).waitFor()
    expect(await text(`${item}-estimated`)).toBe("Preço estimado (tabela de contingência)")
    expect(await text(`${item}-service`)).toBe("PAC")
    expect(await text(`${item}-carrier`)).toBe("correios")
    expect(await text(`${item}-price`)).toBe(brl(method.amount))
    const [year, month, day] = method.data.delivery_estimate.split("-")
    expect(await text(`${item}-promised`)).toBe(`${day}/${month}/${year}`)
    expect(await text(`${item}-days`)).toBe(`${method.data.days} dias úteis`)
    await byTestId("frete-order-freight").screenshot({ path: path.join(SHOTS, "admin-order-freight.png") })

    await page.goto(`${server.url}/app/orders/${apiOrderId}`)
    await byTestId("frete-order-freight").waitFor()
    expect(await byTestId("frete-order-freight").textContent()).toContain("Grátis")
    expect(await page.locator('[data-testid$="-estimated"]').count()).toBe(0)
  })
}
