import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

/** A validation error that names its fields (`issues: [{ field, message }]`) as the 400 the admin shows at each field. */
export function sendIssues(res: MedusaResponse, error: unknown): boolean {
  const issues = (error as { issues?: unknown } | null)?.issues
  if (!(error instanceof MedusaError) || !Array.isArray(issues)) return false
  res.status(400).json({ type: error.type, message: error.message, issues })
  return true
}
