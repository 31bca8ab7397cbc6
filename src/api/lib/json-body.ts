import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/** The largest body the plugin's routes read: the settings with a long fallback table fit well within it. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i

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
 * middlewares.ts), so that a body that is not JSON gets a 400 the merchant or the storefront's
 * developer can read, in Portuguese, after authentication rather than before it. Like
 * express.json it reads only a JSON content type (a form posted from another site is never
 * read), and an empty body is `{}`. Unlike it, any JSON value is accepted here: the route's own
 * validation says, in Portuguese, what it expected instead.
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
  if (!text.trim()) {
    req.body = {}
    return next()
  }
  if (!JSON_TYPE.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: "Envie o corpo da requisição em JSON (Content-Type: application/json)." })
    return
  }
  try {
    req.body = JSON.parse(text)
  } catch {
    res.status(400).json({ type: "invalid_data", message: "O corpo da requisição não é um JSON válido." })
    return
  }
  next()
}
