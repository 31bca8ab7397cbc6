import { AsyncLocalStorage } from "node:async_hooks"
import type { ILockingModule } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"

// The request half of the bridge to Medusa (see medusa-bridge.ts, which re-exports all of this):
// the container Medusa gave the request being served, carried to the fulfillment provider and the
// module's shared quote tier, whose own containers do not hold it. Imports nothing of the plugin.

/** What the plugin asks of a Medusa container. */
export interface MedusaScope {
  resolve<T = unknown>(key: string, options?: { allowUnregistered?: boolean }): T
}

/** The plugin's module's key in Medusa's container. */
export const FRETE_MODULE = "frete"

/** Freight priced outside a Medusa request, with no container handed over. */
const NO_SCOPE_MESSAGE =
  "O frete só é calculado dentro de uma requisição do Medusa. Fora dela (um job, um subscriber), chame o workflow dentro de withMedusaScope(container, ...) de medusa-plugin-frete."

/** Medusa's Locking Module (in-memory by default, Redis or Postgres with their providers). */
export function lockingOf(scope: MedusaScope): ILockingModule | undefined {
  return scope.resolve<ILockingModule | undefined>(Modules.LOCKING, { allowUnregistered: true }) ?? undefined
}

const scopes = new AsyncLocalStorage<MedusaScope>()

/** Runs `next`, and all the async work it starts, with `scope` as the Medusa container of the work. */
export function withMedusaScope<T>(scope: MedusaScope, next: () => T): T {
  return scopes.run(scope, next)
}

/** The container Medusa gave the request (or job) being served, or undefined outside one. */
export function currentMedusaScope(): MedusaScope | undefined {
  return scopes.getStore()
}

/** The current work's container; outside one, a 400 that says how to give it. */
export function requireMedusaScope(): MedusaScope {
  const scope = scopes.getStore()
  if (!scope) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NO_SCOPE_MESSAGE, "frete_outside_request")
  }
  return scope
}

/** The Locking Module of the request being served, for the module's shared quote tier; undefined outside one. */
export function requestLocking(): ILockingModule | undefined {
  const scope = scopes.getStore()
  return scope ? lockingOf(scope) : undefined
}

/** A middleware for Medusa's routes: the rest of the request runs with its `req.scope` (see above). */
export function enterMedusaScope(req: { scope: MedusaScope }, _res: unknown, next: () => void): void {
  withMedusaScope(req.scope, next)
}
