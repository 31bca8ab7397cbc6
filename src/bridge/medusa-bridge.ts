import type { ICachingModuleService, IFulfillmentModuleService, Logger, ModuleImplementations } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type FreteModuleService from "../modules/frete/service"
import { FRETE_MODULE as FRETE_MODULE_KEY, type MedusaScope } from "../shared/medusa-scope"
import type { Query } from "../shared/query"

// The request's container (an AsyncLocalStorage) lives in medusa-scope.ts, which imports nothing of
// the plugin: the module reads the Locking Module of the request through it without importing this
// file, which imports the module's type. Callers import both halves from here.
export { currentMedusaScope, enterMedusaScope, FRETE_MODULE, lockingOf, requestLocking, requireMedusaScope, withMedusaScope } from "../shared/medusa-scope"
export type { MedusaScope } from "../shared/medusa-scope"

/**
 * With its request half, medusa-scope.ts, the one place the plugin resolves what it needs of
 * Medusa: Query, its own module, the Locking
 * and Caching Modules, the logger, Medusa's own modules (`moduleOf`). Always
 * from a container Medusa gives: a route's `req.scope`, a subscriber's, job's or workflow step's
 * `container`, the module's own constructor container.
 * Every other file is handed what it needs as arguments.
 *
 * The hard case is the fulfillment provider. Medusa builds it inside the fulfillment module, whose
 * container (`@medusajs/modules-sdk` `loadInternalModule`) holds only the logger, the pg
 * connection, the manager, the config, the Event Bus and the Caching Module, plus the `dependencies`
 * a store lists on the fulfillment module's entry: never Query, never another module, and Medusa
 * hands a provider no context but the cart's. Medusa's own providers reach nothing else; a
 * plugin's module cannot declare `dependencies` (its entry is made by Medusa from `plugins`).
 *
 * What the provider is given instead is the request: Medusa prices a calculated option only while
 * serving a store or admin route (`/store/shipping-options/:id/calculate`, the cart's and the
 * order flows' shipping-method routes), and the plugin's middleware on `/store/*` and `/admin/*`
 * runs the rest of that request inside `withMedusaScope(req.scope, …)`. So the provider resolves
 * Query and the plugin's module from the very container Medusa gave that route, through this
 * file. No process-level hand-off remains: no global, no framework-wide container, no registry of
 * loaded modules. Code that prices freight outside a request (the plugin's order-flow subscriber,
 * a store's own job running Medusa's pricing workflow) wraps its call in
 * `withMedusaScope(container, …)` with the container it got.
 */

/** What the merchant (or the developer) reads when the plugin's module is missing: the fix. */
const MODULE_MISSING_MESSAGE =
  'O frete não está configurado: o módulo do medusa-plugin-frete não foi carregado. Adicione { resolve: "medusa-plugin-frete" } a `plugins` no medusa-config.ts da loja e reinicie o Medusa.'

/** The plugin's module; without it, a 400 that names the fix rather than a 500. */
export function freteOf(scope: MedusaScope): FreteModuleService {
  const frete = scope.resolve<FreteModuleService | undefined>(FRETE_MODULE_KEY, { allowUnregistered: true })
  if (!frete) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, MODULE_MISSING_MESSAGE, "frete_module_missing")
  }
  return frete
}

export function queryOf(scope: MedusaScope): Query {
  return scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
}

export function loggerOf(scope: MedusaScope): Logger {
  return scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
}

export function fulfillmentOf(scope: MedusaScope): IFulfillmentModuleService {
  return scope.resolve<IFulfillmentModuleService>(Modules.FULFILLMENT)
}

/** A Medusa module's key (`Modules.ORDER`, …) whose service type Medusa declares. */
export type MedusaModuleKey = Extract<(typeof Modules)[keyof typeof Modules], keyof ModuleImplementations>

/** One of Medusa's own modules, typed as Medusa declares it (`moduleOf(container, Modules.ORDER)`). */
export function moduleOf<K extends MedusaModuleKey>(scope: MedusaScope, key: K): ModuleImplementations[K] {
  return scope.resolve<ModuleImplementations[K]>(key)
}

/** Medusa's Caching Module, undefined when the store does not register it. */
export function cachingOf(scope: MedusaScope): ICachingModuleService | undefined {
  return scope.resolve<ICachingModuleService | undefined>(Modules.CACHING, { allowUnregistered: true }) ?? undefined
}

