import { useState } from "react"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { numberFromText, textFromNumber } from "../../lib/form-values"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"

const formFrom = (settings: FreteSettings) => textFromNumber(settings.quote_route_limit_per_minute)

/** How many new freight queries one shopper may cause per minute through the store quote route. */
export const QuoteLimitSection = ({ settings }: { settings: FreteSettings }) => {
  const [limit, setLimit] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: "Limite de consultas salvo",
    onSaved: (response) => setLimit(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="quote-limit"
      title="Limite de consultas da vitrine"
      description="Quantas consultas novas de frete um mesmo cliente (endereço IP) pode causar por minuto pela rota de cotação da loja, como a caixa “calcule o frete” da página do produto. Protege a cota do seu plano; respostas já guardadas continuam sendo servidas."
      save={{
        onSave: () => save({ quote_route_limit_per_minute: numberFromText(limit) }),
        isSaving,
        issues,
        shown: ["quote_route_limit_per_minute"],
      }}
    >
      <div className="max-w-xs">
        <TextField
          path="quote_route_limit_per_minute"
          label="Consultas por minuto, por cliente"
          inputMode="numeric"
          value={limit}
          issues={issues}
          onChange={setLimit}
        />
      </div>
    </SettingsSection>
  )
}
