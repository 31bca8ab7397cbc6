import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"

/** GET /admin/frete/status: whether the freight and tracking services are configured and answer. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  res.json(await frete.checkServices())
}
