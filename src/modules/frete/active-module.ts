import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import type { FreteSettings } from "../../lib/settings/schema"

/** What the fulfillment provider needs of the plugin's module. */
export interface ActiveFreteModule {
  readonly pluginOptions: FreteOptions
  readonly quoter: CheckoutQuoter
  getSettings(): Promise<FreteSettings>
}

/** What the merchant (or the developer) reads when the plugin's module is missing: the fix. */
const MODULE_MISSING_MESSAGE =
  'O frete não está configurado: o módulo do medusa-plugin-frete não foi carregado. Adicione { resolve: "medusa-plugin-frete" } a `plugins` no medusa-config.ts da loja e reinicie o Medusa.'

// A global because the provider runs in the fulfillment module's container, which cannot resolve other modules.
let active: ActiveFreteModule | undefined

/** Called by the module's service when Medusa creates it; both live in the same process. */
export function setActiveFreteModule(module: ActiveFreteModule): void {
  active = module
}

/** The plugin's module; without it, a 400 that names the fix rather than a 500. */
export function activeFreteModule(): ActiveFreteModule {
  if (!active) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, MODULE_MISSING_MESSAGE, "frete_module_missing")
  }
  return active
}
