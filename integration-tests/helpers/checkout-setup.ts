import type { FreteSettingsInput } from "../../src/lib/settings/schema"
import type { ProductInput } from "../../scripts/lib/store-api"
import { createBrazilianStore, type BrazilianStore } from "./brazilian-store"
import type { FreteTestContext } from "./frete-runner"

/** A T-shirt: 300 g, 30x20x4 cm, R$ 120. */
export const SHIRT: ProductInput = {
  title: "Camiseta",
  sku: "CAMISETA-P",
  price: 120,
  weight: 300,
  length: 30,
  width: 20,
  height: 4,
}
/** A mug: 450 g, 12x12x10 cm, R$ 45. */
export const MUG: ProductInput = {
  title: "Caneca",
  sku: "CANECA",
  price: 45,
  weight: 450,
  length: 12,
  width: 12,
  height: 10,
}

export type StoreSetupContext = Pick<FreteTestContext, "api" | "getContainer">

/**
 * What each checkout and order-flow file starts from, to call in its `beforeAll`: Medusa's runner
 * restores the database as it was after that before every test. The store is in São Paulo and
 * ships with this provider and the manual one; the merchant's `settings`, when given, are saved
 * before anything else is made.
 */
export async function createCheckoutStore(
  { api, getContainer }: StoreSetupContext,
  settings?: FreteSettingsInput
): Promise<BrazilianStore> {
  const store = await createBrazilianStore(api, getContainer(), {
    fulfillmentProviders: ["manual_manual", "frete_frete"],
  })
  if (settings) {
    await api.post("/admin/frete/settings", settings, store.admin)
  }
  return store
}
