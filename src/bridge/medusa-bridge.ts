import type {
  IFulfillmentModuleService,
  ILockingModule,
  Logger,
  ModuleImplementations,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type FreteModuleService from "../modules/frete/service"
import type { Query } from "../shared/query"
import { FRETE_MODULE } from "../lib/frete-provider"

// What the plugin resolves of Medusa, always from a container Medusa gave (`req.scope`, a subscriber's, job's or
// step's, the provider's).
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

export const queryOf = (scope: MedusaScope): Query => scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
export const loggerOf = (scope: MedusaScope): Logger => scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
export const fulfillmentOf = (scope: MedusaScope): IFulfillmentModuleService =>
  scope.resolve<IFulfillmentModuleService>(Modules.FULFILLMENT)

type MedusaModuleKey = Extract<(typeof Modules)[keyof typeof Modules], keyof ModuleImplementations>
export const moduleOf = <K extends MedusaModuleKey>(scope: MedusaScope, key: K): ModuleImplementations[K] =>
  scope.resolve<ModuleImplementations[K]>(key)

/** Medusa's Locking Module (in-memory by default, Redis or Postgres with their providers). */
export const lockingOf = (scope: MedusaScope): ILockingModule | undefined =>
  scope.resolve<ILockingModule | undefined>(Modules.LOCKING, { allowUnregistered: true }) ?? undefined
