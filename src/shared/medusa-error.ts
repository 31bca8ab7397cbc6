import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { ShopperError } from "../lib/checkout/shopper-error"

/** A ShopperError as the MedusaError a storefront shows, its code in the body's `code`. */
export function toMedusaError(error: unknown): unknown {
  if (!(error instanceof ShopperError)) return error
  const type = error.isInputError ? MedusaError.Types.INVALID_DATA : MedusaError.Types.NOT_ALLOWED
  return new MedusaError(type, error.message, error.code)
}

/** A MedusaError that names its fields (`issues: [{ field, message }]`) as the 400 the admin shows at each field. */
export function sendIssues(res: MedusaResponse, error: unknown): boolean {
  const issues = (error as { issues?: unknown } | null)?.issues
  if (!(error instanceof MedusaError) || !Array.isArray(issues)) return false
  res.status(400).json({ type: error.type, message: error.message, issues })
  return true
}
