import { MedusaError } from "@medusajs/framework/utils"
import { ShopperError } from "../lib/checkout/shopper-error"

/** A ShopperError as the MedusaError a storefront shows, its code in the body's `code`. */
export function toMedusaError(error: unknown): unknown {
  if (!(error instanceof ShopperError)) return error
  return new MedusaError(error.isInputError ? MedusaError.Types.INVALID_DATA : MedusaError.Types.NOT_ALLOWED, error.message, error.code)
}
