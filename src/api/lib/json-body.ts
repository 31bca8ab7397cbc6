import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** The largest body the plugin's routes read: the settings with a long fallback table fit well within it. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024

/** `application/json`, with parameters (`; charset=utf-8`) or none: the one type the plugin's POST routes take. */
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i

export const NOT_JSON_MESSAGE = "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

class BodyTooLargeError extends Error {}

function readText(req: MedusaRequest, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners("data")
        req.resume()
        reject(new BodyTooLargeError())
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

/**
 * The body parser of the plugin's POST routes, in place of Medusa's (`bodyParser: false` in
 * middlewares.ts), so that a body that is not JSON gets an answer the merchant or the storefront's
 * developer can read, in Portuguese, after authentication rather than before it.
 *
 * Only `Content-Type: application/json` is read, even for an empty body: the types a page may send
 * to another origin without asking it first (a CORS "simple request": an HTML form's
 * `application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`, or no type at all) are
 * refused with a 415, so that an admin's session cookie can never carry a change, or a retry, that
 * a page of the same site posted. An empty JSON body is `{}`. Any JSON value is accepted here: the
 * route's own validation says, in Portuguese, what it expected instead.
 */
export async function readJsonBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  let text: string
  try {
    text = await readText(req, JSON_BODY_LIMIT_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      res.status(413).json({ type: "invalid_data", message: `O corpo da requisição passa do limite de ${JSON_BODY_LIMIT_BYTES / 1024} kB.` })
      return
    }
    return next(error)
  }
  if (!JSON_TYPE.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
    return
  }
  if (!text.trim()) {
    req.body = {}
    return next()
  }
  try {
    req.body = JSON.parse(text)
  } catch {
    res.status(400).json({ type: "invalid_data", message: "O corpo da requisição não é um JSON válido." })
    return
  }
  next()
}
