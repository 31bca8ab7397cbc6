import { model } from "@medusajs/framework/utils"

export const FreteSettingsRecord = model.define("frete_settings", {
  id: model.id().primaryKey(),
  settings: model.json(),
  secrets: model.json().nullable(),
})
