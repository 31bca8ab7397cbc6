import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { freteOf } from "../../../../bridge/medusa-bridge"

/** GET /admin/frete/status: whether the freight and tracking services are configured and answer. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const frete = freteOf(req.scope)
  res.json(await frete.checkServices())
}
