import type { SimulateAnswer, SimulateRequest } from "../../../lib/admin-contract"
import { sdk } from "../../lib/sdk"

/** A variant the merchant can add to the simulated cart. */
export type PickableVariant = { id: string; product: string; title: string | null; sku: string | null }

/** What checkout would offer for the cart; `ask_api` spends a freight call (a few a minute). */
export function simulate(request: SimulateRequest): Promise<SimulateAnswer> {
  return sdk.client.fetch<SimulateAnswer>("/admin/frete/simulate", { method: "POST", body: request })
}

/** The store's products matching the text (Medusa's own search), as their variants. */
export async function searchVariants(text: string): Promise<PickableVariant[]> {
  const { products } = await sdk.admin.product.list({
    q: text,
    limit: 10,
    fields: "id,title,variants.id,variants.title,variants.sku",
  })
  return products.flatMap((product) =>
    (product.variants ?? []).map((variant) => ({
      id: variant.id,
      product: product.title,
      title: variant.title ?? null,
      sku: variant.sku ?? null,
    }))
  )
}
