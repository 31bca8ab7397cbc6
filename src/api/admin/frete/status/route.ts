import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { freteOf } from "../../../../bridge/medusa-bridge"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await freteOf(req.scope).checkServices())
}
