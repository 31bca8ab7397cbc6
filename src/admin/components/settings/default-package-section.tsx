import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { numberFromText, textFromNumber } from "../../lib/form-values"
import type { DefaultPackage, FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"

type PackageForm = Record<keyof DefaultPackage, string>

/** Each measure and the key of its label under frete.defaultPackage. */
const FIELDS: Array<{ key: keyof DefaultPackage; label: string }> = [
  { key: "weight_kg", label: "weight" },
  { key: "length_cm", label: "length" },
  { key: "width_cm", label: "width" },
  { key: "height_cm", label: "height" },
]

const formFrom = ({ default_package: pkg }: FreteSettings): PackageForm => ({
  weight_kg: textFromNumber(pkg.weight_kg),
  length_cm: textFromNumber(pkg.length_cm),
  width_cm: textFromNumber(pkg.width_cm),
  height_cm: textFromNumber(pkg.height_cm),
})

/** The weight and measures used for items whose variant lacks them. */
export const DefaultPackageSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [form, setForm] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.defaultPackage.saved"),
    onSaved: (response) => setForm(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="default-package"
      title={t("frete.defaultPackage.title")}
      description={t("frete.defaultPackage.description")}
      save={{
        onSave: () =>
          save({
            default_package: {
              weight_kg: numberFromText(form.weight_kg),
              length_cm: numberFromText(form.length_cm),
              width_cm: numberFromText(form.width_cm),
              height_cm: numberFromText(form.height_cm),
            },
          }),
        isSaving,
        issues,
        shown: ["default_package."],
      }}
    >
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {FIELDS.map(({ key, label }) => (
          <TextField
            key={key}
            path={`default_package.${key}`}
            label={t(`frete.defaultPackage.${label}`)}
            inputMode="decimal"
            value={form[key]}
            issues={issues}
            onChange={(value) => setForm({ ...form, [key]: value })}
          />
        ))}
      </div>
    </SettingsSection>
  )
}
