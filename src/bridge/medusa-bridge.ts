import type { IFulfillmentModuleService, ILockingModule, IOrderModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type FreteModuleService from "../modules/frete/service"
import type { Query } from "../shared/query"
import { FRETE_MODULE } from "../lib/frete-provider"

// Always a container Medusa gave: `req.scope`, a subscriber's, job's or step's, the provider's.
export type MedusaScope = { resolve<T = unknown>(key: string, options?: { allowUnregistered?: boolean }): T }

export const PROVIDER_DEPENDENCIES = [FRETE_MODULE, ContainerRegistrationKeys.QUERY, Modules.LOCKING]

/** The plugin's module; without it, a 400 that names the fix rather than a 500. */
export function freteOf(scope: MedusaScope): FreteModuleService {
  const frete = scope.resolve<FreteModuleService | undefined>(FRETE_MODULE, { allowUnregistered: true })
  if (frete) return frete
  const message =
    'O frete não está configurado: o módulo do medusa-plugin-frete não foi carregado. Adicione { resolve: "medusa-plugin-frete" } a `plugins` no medusa-config.ts da loja e reinicie o Medusa.'
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, message, "frete_module_missing")
}

export const queryOf = (scope: MedusaScope) => scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
export const loggerOf = (scope: MedusaScope) => scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
export const fulfillmentOf = (scope: MedusaScope) => scope.resolve<IFulfillmentModuleService>(Modules.FULFILLMENT)

export const moduleOf = (scope: MedusaScope, key: typeof Modules.ORDER) => scope.resolve<IOrderModuleService>(key)

export const lockingOf = (scope: MedusaScope) =>
  scope.resolve<ILockingModule | undefined>(Modules.LOCKING, { allowUnregistered: true }) ?? undefined
