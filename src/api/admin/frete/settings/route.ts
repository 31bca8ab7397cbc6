import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"
import { sendIssues } from "../../../lib/issues-error"

async function view(frete: FreteModuleService) {
  // origin_problem: an origin CEP the freight API refused, for the page to show at the origin field.
  return { settings: await frete.getSettings(), credentials: await frete.credentialsView(), origin_problem: frete.quoter.originProblem() }
}

/** GET /admin/frete/settings: the settings in force, and where each credential comes from (never a secret). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await view(req.scope.resolve<FreteModuleService>(FRETE_MODULE)))
}

/**
 * POST /admin/frete/settings: the given top-level fields replace the current ones; `secrets` are
 * stored encrypted. A bad value gets a 400 whose `issues` name each field, in Portuguese; nothing
 * is saved then.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = req.body
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: "Envie as configurações como um objeto JSON.", issues: [] })
    return
  }
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  try {
    await frete.saveSettings(body as Record<string, unknown>)
  } catch (error) {
    if (sendIssues(res, error)) return
    throw error
  }
  res.json(await view(frete))
}
