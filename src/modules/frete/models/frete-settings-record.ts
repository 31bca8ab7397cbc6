import { model } from "@medusajs/framework/utils"

/** One row (id `frete_settings`): the settings' JSON and the sealed secrets (see credentials.ts). */
export const FreteSettingsRecord = model.define("frete_settings", {
  id: model.id().primaryKey(),
  settings: model.json(),
  secrets: model.json().nullable(),
})
