// The admin's texts in the dashboard's languages (Settings > Profile > Language): Medusa merges
// these into its own i18next resources, so every key lives under "frete" not to collide with
// the dashboard's. Codes as the dashboard names its languages ("en", "ptBR"); the others fall
// back to English. Texts from the server (its errors, a tracking order's last error) stay as sent.
// A tracking order's field labels come from the plugin's table of the fields (frete.payload.<field>).
import { TRACKING_FIELD_SPECS } from "../../lib/tracking/fields"
import en from "./json/en.json"
import ptBR from "./json/pt-BR.json"
import simulatorEn from "./json/simulator.en.json"
import simulatorPtBR from "./json/simulator.pt-BR.json"

const payloadLabels = (language: "en" | "ptBR") =>
  Object.fromEntries(Object.entries(TRACKING_FIELD_SPECS).map(([field, spec]) => [field, spec.label[language]]))

export default {
  en: { translation: { frete: { ...en.frete, simulator: simulatorEn, payload: payloadLabels("en") } } },
  ptBR: { translation: { frete: { ...ptBR.frete, simulator: simulatorPtBR, payload: payloadLabels("ptBR") } } },
}
