import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { numberFromText, textFromNumber } from "../../lib/form-values"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"

const formFrom = (settings: FreteSettings) => textFromNumber(settings.quote_route_limit_per_minute)

/** How many new freight queries one shopper may cause per minute through the store quote route. */
export const QuoteLimitSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [limit, setLimit] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.quoteLimit.saved"),
    onSaved: (response) => setLimit(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="quote-limit"
      title={t("frete.quoteLimit.title")}
      description={t("frete.quoteLimit.description")}
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
          label={t("frete.quoteLimit.label")}
          inputMode="numeric"
          value={limit}
          issues={issues}
          onChange={setLimit}
        />
      </div>
    </SettingsSection>
  )
}
