import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { numberFromText, textFromNumber } from "../../lib/form-values"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { SwitchField } from "../common/switch-field"
import { TextField } from "../common/text-field"

const formFrom = ({ learned_prices }: FreteSettings) => ({
  enabled: learned_prices.enabled,
  retention_days: textFromNumber(learned_prices.retention_days),
})

/** Prices learned from the API's answers, used while it cannot answer, before the fallback table; how long kept. */
export const LearnedPricesSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [form, setForm] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.learnedPrices.saved"),
    onSaved: (response) => setForm(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="learned-prices"
      title={t("frete.learnedPrices.title")}
      description={t("frete.learnedPrices.description")}
      save={{
        onSave: () =>
          save({
            learned_prices: { enabled: form.enabled, retention_days: numberFromText(form.retention_days) },
          }),
        isSaving,
        issues,
        shown: ["learned_prices."],
      }}
    >
      <SwitchField
        path="learned_prices.enabled"
        label={t("frete.learnedPrices.enabled")}
        checked={form.enabled}
        issues={issues}
        onChange={(enabled) => setForm({ ...form, enabled })}
      />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <TextField
          path="learned_prices.retention_days"
          label={t("frete.learnedPrices.retentionDays")}
          hint={t("frete.learnedPrices.retentionDaysHint")}
          inputMode="numeric"
          value={form.retention_days}
          issues={issues}
          onChange={(retention_days) => setForm({ ...form, retention_days })}
        />
      </div>
    </SettingsSection>
  )
}
