import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { mergeSettings } from "../../lib/settings/merge"
import { repairSettings } from "../../lib/settings/repair"
import { freteSettingsSchema, settingsIssues, type FreteSettings } from "../../lib/settings/schema"
import { sealSecrets, secretChanges, type Sealed } from "./sealed-secrets"
import { saveSettingsRow } from "./settings-row"

export interface SavedSettings {
  settings: FreteSettings
  sealed: Sealed
  /** Stored fields that no longer passed the schema, saved now at their default. */
  repaired: string[]
  /** This save's place among the saves of this process, in the order they held the row's lock. */
  generation: number
}

/**
 * Validates and saves settings, merged field by field into the stored ones (mergeSettings: a
 * nested object given in part keeps the fields it does not give; a list or a null given is the
 * new value). The stored ones are read through repairSettings, so a field that no longer passes
 * the schema is saved at its default and every other field as it was. `secrets`
 * (`freight_token`, `tracking_credential`) are stored encrypted: a string replaces one, null
 * removes it. The read, the merge and the write hold the row's lock (saveSettingsRow): a save
 * made at the same moment, here or on another instance, waits and is merged over this one.
 * A bad value is an INVALID_DATA error naming the field; nothing is saved then.
 */
export function saveMergedSettings(
  knex: Knex,
  options: FreteOptions,
  input: Record<string, unknown>,
  nextGeneration: () => number
): Promise<SavedSettings> {
  const { secrets: secretsInput, ...fields } = input
  return saveSettingsRow(knex, (row) => {
    const { settings: current, repaired } = repairSettings(row.settings ?? {})
    const parsed = freteSettingsSchema.safeParse(mergeSettings(current, fields))
    const issues = parsed.success ? [] : settingsIssues(parsed.error)
    const changes = secretChanges(secretsInput, Boolean(options.encryptionKey), issues)
    if (!parsed.success || issues.length) {
      const message = `Configuração inválida: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { issues })
    }
    const sealed = sealSecrets(row.sealed, changes, current, parsed.data, options)
    return { settings: parsed.data, sealed, result: { settings: parsed.data, sealed, repaired, generation: nextGeneration() } }
  })
}
