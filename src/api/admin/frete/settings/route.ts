import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type FreteModuleService from "../../../../modules/frete/service"
import { sendIssues } from "../../../lib/issues-error"
import { freteOf } from "../../../../bridge/medusa-bridge"

async function view(frete: FreteModuleService) {
  // origin_problem: an origin CEP the freight API refused, for the page to show at the origin field;
  // quote_guard: what the quota guard refused on this instance and how it was answered, shown at its settings.
  return {
    settings: await frete.getSettings(),
    credentials: await frete.credentialsView(),
    origin_problem: frete.quoter.originProblem(),
    // repaired_fields: stored fields that no longer passed the schema, at their default until saved (the page says so).
    repaired_fields: await frete.repairedSettingFields(),
    quote_guard: frete.quoter.guardStats(),
  }
}

/** GET /admin/frete/settings: the settings in force, and where each credential comes from (never a secret). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await view(freteOf(req.scope)))
}

/**
 * POST /admin/frete/settings: the given fields are merged into the current ones at every depth
 * (a list or a null given is the new value); `secrets` are stored encrypted. A bad value gets a
 * 400 whose `issues` name each field, in Portuguese; nothing is saved then.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const body = req.body
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: "Envie as configurações como um objeto JSON.", issues: [] })
    return
  }
  const frete = freteOf(req.scope)
  try {
    await frete.saveSettings(body as Record<string, unknown>)
  } catch (error) {
    if (sendIssues(res, error)) return
    throw error
  }
  res.json(await view(frete))
}
