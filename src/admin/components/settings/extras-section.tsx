import { Label, Select } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { messagesAt } from "../../lib/issues"
import { numberFromText, textFromNumber, textFromReais } from "../../lib/form-values"
import type { ExtraPriceType, FreteSettings } from "../../lib/types"
import { FieldErrors } from "../common/field-errors"
import { fieldTestId } from "../common/field-id"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"

type ExtrasForm = {
  extra_days: string
  handling_days_metadata_key: string
  price_type: ExtraPriceType
  price_value: string
}

const formFrom = (settings: FreteSettings): ExtrasForm => ({
  extra_days: textFromNumber(settings.extra_days),
  handling_days_metadata_key: settings.handling_days_metadata_key,
  price_type: settings.extra_price.type,
  price_value:
    settings.extra_price.type === "fixed"
      ? textFromReais(settings.extra_price.value)
      : textFromNumber(settings.extra_price.value),
})

/** The types of extra price; each one's label is frete.extras.<type>. */
const PRICE_TYPES: ExtraPriceType[] = ["fixed", "percent"]

/** Handling days and an extra price added to every quote. */
export const ExtrasSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [form, setForm] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.extras.saved"),
    onSaved: (response) => setForm(formFrom(response.settings)),
  })
  const typeId = fieldTestId("extra_price.type")

  return (
    <SettingsSection
      id="extras"
      title={t("frete.extras.title")}
      description={t("frete.extras.description")}
      save={{
        onSave: () =>
          save({
            extra_days: numberFromText(form.extra_days),
            handling_days_metadata_key: form.handling_days_metadata_key.trim(),
            extra_price: { type: form.price_type, value: numberFromText(form.price_value) },
          }),
        isSaving,
        issues,
        shown: ["extra_days", "handling_days_metadata_key", "extra_price."],
      }}
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <TextField
          path="extra_days"
          label={t("frete.extras.extraDays")}
          inputMode="numeric"
          value={form.extra_days}
          issues={issues}
          onChange={(extra_days) => setForm({ ...form, extra_days })}
        />
        <TextField
          path="handling_days_metadata_key"
          label={t("frete.extras.handlingKey")}
          hint={t("frete.extras.handlingKeyHint")}
          value={form.handling_days_metadata_key}
          issues={issues}
          onChange={(handling_days_metadata_key) => setForm({ ...form, handling_days_metadata_key })}
        />
        <div className="flex flex-col gap-y-2">
          <Label htmlFor={typeId} size="small" weight="plus">
            {t("frete.extras.priceType")}
          </Label>
          <Select
            size="small"
            value={form.price_type}
            onValueChange={(value) => setForm({ ...form, price_type: value === "percent" ? "percent" : "fixed" })}
          >
            <Select.Trigger id={typeId} data-testid={typeId}>
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {PRICE_TYPES.map((type) => (
                <Select.Item key={type} value={type} data-testid={`${typeId}-${type}`}>
                  {t(`frete.extras.${type}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <FieldErrors messages={messagesAt(issues, "extra_price.type")} testId={`${typeId}-error`} />
        </div>
        <TextField
          path="extra_price.value"
          label={form.price_type === "percent" ? t("frete.extras.pricePercent") : t("frete.extras.priceFixed")}
          inputMode="decimal"
          value={form.price_value}
          issues={issues}
          onChange={(price_value) => setForm({ ...form, price_value })}
        />
      </div>
    </SettingsSection>
  )
}
