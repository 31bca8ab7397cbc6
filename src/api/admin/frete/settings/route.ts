import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import type FreteModuleService from "../../../../modules/frete/service"
import type { SettingsAnswer } from "../../../../lib/admin-contract"
import { isPlainObject } from "../../../../lib/settings/schema"
import { sendIssues } from "../../../../shared/medusa-error"
import { freteOf } from "../../../../bridge/medusa-bridge"
import { validated } from "../../../lib/validated"

// Any object: the module checks each field, and its 400 names them (`issues`).
export const SETTINGS_BODY = validated(
  z.custom<Record<string, unknown>>(isPlainObject, "Envie as configurações como um objeto JSON.")
)

const view = async (frete: FreteModuleService): Promise<SettingsAnswer> => ({
  settings: await frete.getSettings(),
  credentials: await frete.credentialsView(),
  origin_problem: frete.quoter.originProblem(),
  repaired_fields: await frete.repairedSettingFields(),
  quote_guard: frete.quoter.guardStats(),
})

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await view(freteOf(req.scope)))
}

/** Merged into the current settings at every depth (a list or a null given is the new value). */
export async function POST(req: MedusaRequest<Record<string, unknown>>, res: MedusaResponse) {
  const frete = freteOf(req.scope)
  try {
    await frete.saveSettings(req.validatedBody)
    res.json(await view(frete))
  } catch (error) {
    if (!sendIssues(res, error)) throw error
  }
}
