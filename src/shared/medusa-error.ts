import { MedusaError } from "@medusajs/framework/utils"
import { ShopperError } from "../lib/checkout/shopper-error"

/**
 * A shopper-facing failure as the MedusaError the storefront shows: its pt-BR message, and its
 * code (`cep_not_served`: fix the CEP; `freight_unavailable`: try again; `option_unavailable`:
 * choose another option) in the error body's `code`, for storefronts that branch on it. Any other
 * error is returned as it is, for the caller to rethrow.
 *
 * Here rather than in `src/lib/`, which imports nothing of Medusa; shared by the fulfillment
 * provider and the store quote route, neither of which should import the other.
 */
export function toMedusaError(error: unknown): unknown {
  if (error instanceof ShopperError) {
    return new MedusaError(error.isInputError ? MedusaError.Types.INVALID_DATA : MedusaError.Types.NOT_ALLOWED, error.message, error.code)
  }
  return error
}
