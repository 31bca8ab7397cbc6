import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** The largest body the plugin's routes take (Medusa's body parser applies it): the settings with a long fallback table fit well within it. */
export const JSON_BODY_LIMIT = "100kb"

export const NOT_JSON_MESSAGE = "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

/**
 * Medusa's body parser reads JSON, text and form bodies alike; the plugin's POST routes take JSON
 * only, even empty. The types a page of another origin may post without asking first (a form's,
 * `text/plain`, none) get a 415, so an admin's session cookie never carries a change another page posted.
 */
export function requireJson(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (!/^\s*application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
    return
  }
  req.body ??= {}
  next()
}
