import type { MedusaResponse } from "@medusajs/framework/http"
import { ProbeLimitError } from "../../lib/services/kept-probe"

/** Answers an admin probe past its cap (429, Retry-After, `message` in pt-BR for the wait); false for other errors. */
export function sentProbeLimit(res: MedusaResponse, error: unknown, code: string, message: (s: number) => string) {
  if (!(error instanceof ProbeLimitError)) return false
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
  res.setHeader("Retry-After", String(seconds))
  res.status(429).json({ type: "not_allowed", code, message: message(seconds) })
  return true
}
