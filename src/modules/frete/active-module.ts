import type FreteModuleService from "./service"

let active: FreteModuleService | undefined

/**
 * The fulfillment provider runs in the fulfillment module's container, which cannot resolve
 * other modules; it reaches the plugin's module (settings, connection pools, the quote cache it
 * shares with the store quote route) through here. Both live in the same process.
 */
export function setActiveFreteModule(service: FreteModuleService): void {
  active = service
}

export function activeFreteModule(): FreteModuleService {
  if (!active) {
    throw new Error("medusa-plugin-frete: the plugin's module is not loaded; add the plugin to `plugins` in medusa-config")
  }
  return active
}
