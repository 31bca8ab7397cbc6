import type { IFulfillmentModuleService, ILockingModule, Logger, ModuleImplementations } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type FreteModuleService from "../modules/frete/service"
import type { Query } from "../shared/query"
import { FRETE_MODULE } from "../lib/frete-provider"

// What the plugin resolves of Medusa, always from a container Medusa gave (`req.scope`, a subscriber's, job's or step's, the provider's).
export interface MedusaScope {
  resolve<T = unknown>(key: string, options?: { allowUnregistered?: boolean }): T
}

/** The `dependencies` the fulfillment module's entry in medusa-config.ts lists, for the provider. */
export const PROVIDER_DEPENDENCIES = [FRETE_MODULE, ContainerRegistrationKeys.QUERY, Modules.LOCKING]

const MODULE_MISSING_MESSAGE =
  'O frete não está configurado: o módulo do medusa-plugin-frete não foi carregado. Adicione { resolve: "medusa-plugin-frete" } a `plugins` no medusa-config.ts da loja e reinicie o Medusa.'

/** The plugin's module; without it, a 400 that names the fix rather than a 500. */
export function freteOf(scope: MedusaScope): FreteModuleService {
  const frete = scope.resolve<FreteModuleService | undefined>(FRETE_MODULE, { allowUnregistered: true })
  if (!frete) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, MODULE_MISSING_MESSAGE, "frete_module_missing")
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

export function moduleOf<K extends Extract<(typeof Modules)[keyof typeof Modules], keyof ModuleImplementations>>(scope: MedusaScope, key: K): ModuleImplementations[K] {
  return scope.resolve<ModuleImplementations[K]>(key)
}

/** Medusa's Locking Module (in-memory by default, Redis or Postgres with their providers). */
export function lockingOf(scope: MedusaScope): ILockingModule | undefined {
  return scope.resolve<ILockingModule | undefined>(Modules.LOCKING, { allowUnregistered: true }) ?? undefined
}
