import { MedusaError } from "@medusajs/framework/utils"
import type FreteModuleService from "./service"

let active: FreteModuleService | undefined

/** What the merchant (or the developer) reads when the plugin's module is missing: the fix. */
export const MODULE_MISSING_MESSAGE =
  'O frete não está configurado: o módulo do medusa-plugin-frete não foi carregado. Adicione { resolve: "medusa-plugin-frete" } a `plugins` no medusa-config.ts da loja e reinicie o Medusa.'

/**
 * The fulfillment provider runs in the fulfillment module's container, which cannot resolve
 * other modules; it reaches the plugin's module (settings, connection pools, the quote cache it
 * shares with the store quote route) through here. Both live in the same process.
 */
export function setActiveFreteModule(service: FreteModuleService): void {
  active = service
}

/** The plugin's module; without it, a 400 that names the fix rather than a 500. */
export function activeFreteModule(): FreteModuleService {
  if (!active) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, MODULE_MISSING_MESSAGE, "frete_module_missing")
  }
  return active
}
