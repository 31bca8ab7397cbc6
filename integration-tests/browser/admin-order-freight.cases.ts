// The order's freight widget (admin-dashboard.spec.ts, after admin-freight-dashboard.cases.ts): the orders
// placed from the fallback table or the learned prices while the freight service failed are flagged as
// estimates, each naming its source, the one the API priced is not. The orders are the ones the Frete page's
// first case placed.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { SHOTS, type BrowserStore } from "../helpers/browser-store"
import type { PricedOrders } from "./admin-freight-dashboard.cases"
import { brl } from "../helpers/admin-page"

export const orderFreightCases = (started: () => BrowserStore, placed: () => PricedOrders): void => {
  let server: MedusaServer
  let page: Page
  let tableOrderId: string
  let learnedOrderId: string
  let apiOrderId: string

  const byTestId = (id: string) => page.getByTestId(id)
  const text = async (id: string) => ((await byTestId(id).first().textContent()) ?? "").trim()
  const methodOf = async (orderId: string) => {
    const { data } = await server.api.get(`/admin/orders/${orderId}`, {
      ...server.admin,
      params: { fields: "id,*shipping_methods" },
    })
    return data.order.shipping_methods[0] as {
      id: string
      amount: number
      data: { delivery_estimate: string; days: number; is_fallback: boolean; estimated_from: string | null }
    }
  }

  // Before each case, not once: an earlier case of the same describe places the orders.
  beforeEach(() => {
    ;({ server, page } = started())
    ;({ tableOrderId, learnedOrderId, apiOrderId } = placed())
  })

  it("flags the order priced from the fallback table in its freight widget, and not the one the API priced", async () => {
    const method = await methodOf(tableOrderId)
    expect(method.data.is_fallback).toBe(true)
    await page.goto(`${server.url}/app/orders/${tableOrderId}`)
    const item = `frete-order-freight-${method.id}`
    await byTestId(item).waitFor()
    expect(await text(`${item}-estimated`)).toBe("Preço estimado (tabela de contingência)")
    expect(await text(`${item}-estimated-hint`)).toMatch(/veio da tabela de contingência da loja/)
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

  it("says the order priced from the learned prices was estimated from the API's earlier prices, and offers to ask the API", async () => {
    const method = await methodOf(learnedOrderId)
    expect(method.data).toMatchObject({ is_fallback: true, estimated_from: "learned" })
    await page.goto(`${server.url}/app/orders/${learnedOrderId}`)
    const item = `frete-order-freight-${method.id}`
    await byTestId(item).waitFor()
    expect(await text(`${item}-estimated`)).toBe("Preço estimado (preços aprendidos)")
    expect(await text(`${item}-estimated-hint`)).toBe(
      "A API de frete não respondia quando este pedido foi feito: o preço do frete foi estimado pelos preços que a API cobrou antes para a mesma região e peso, não pela cotação da transportadora."
    )
    expect(await text(`${item}-service`)).toBe("PAC")
    expect(await text(`${item}-price`)).toBe(brl(method.amount))
    expect(await text(`${item}-ask-api`)).toBe("Consultar a API agora")
    await byTestId("frete-order-freight").screenshot({ path: path.join(SHOTS, "admin-order-freight-learned.png") })
  })
}
