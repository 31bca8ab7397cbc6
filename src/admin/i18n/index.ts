// The admin's texts in the dashboard's languages (Settings > Profile > Language): Medusa merges
// these into its own i18next resources, so every key lives under "frete" not to collide with
// the dashboard's. Codes as the dashboard names its languages ("en", "ptBR"); the others fall
// back to English. Texts from the server (its errors, a tracking order's last error) stay as sent.
import en from "./json/en.json"
import ptBR from "./json/pt-BR.json"

export default {
  en: { translation: en },
  ptBR: { translation: ptBR },
}
