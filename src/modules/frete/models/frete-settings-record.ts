import { model } from "@medusajs/framework/utils"

/** The merchant's settings, one row (id `frete_settings`), validated JSON (src/lib/settings/schema.ts). */
export const FreteSettingsRecord = model.define("frete_settings", {
  id: model.id().primaryKey(),
  settings: model.json(),
  /** Secrets saved from the admin, each encrypted by src/lib/secret-box.ts. */
  secrets: model.json().nullable(),
})
