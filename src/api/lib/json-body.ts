import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

// Medusa's body parser applies it: the settings with a long fallback table fit well within it.
export const JSON_BODY_LIMIT = "100kb"

export const NOT_JSON_MESSAGE = "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

// JSON only, even empty: what another origin may post without a preflight (a form, `text/plain`) gets a 415, so a session cookie never carries it.
export function requireJson(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (!/^\s*application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
    return
  }
  req.body ??= {}
  next()
}
