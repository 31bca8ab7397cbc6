import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { numberFromText, textFromNumber } from "../../lib/form-values"
import type { FreteSettings, QuoteGuardFigures } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"
import { QuoteGuardNotice } from "./quote-guard-notice"

/** The quota guard's settings, and the key of each one's label and hint under frete.quoteLimit. */
const FIELDS = [
  { key: "quote_route_limit_per_minute", label: "label", hint: "perClientHint" },
  { key: "quote_store_limit_per_minute", label: "storeLabel", hint: "storeHint" },
  { key: "trusted_proxies", label: "proxiesLabel", hint: "proxiesHint" },
] as const

type LimitKey = (typeof FIELDS)[number]["key"]
type LimitForm = Record<LimitKey, string>

const formFrom = (settings: FreteSettings): LimitForm => ({
  quote_route_limit_per_minute: textFromNumber(settings.quote_route_limit_per_minute),
  quote_store_limit_per_minute: textFromNumber(settings.quote_store_limit_per_minute),
  trusted_proxies: settings.trusted_proxies.join(", "),
})

/**
 * The quota guard: how many new freight queries one shopper, and the whole store, may cause per
 * minute through the storefront, how a shopper is told apart behind the store's proxies, and what
 * the guard refused on this instance.
 */
export const QuoteLimitSection = ({
  settings,
  guard,
}: {
  settings: FreteSettings
  guard: QuoteGuardFigures | null
}) => {
  const { t } = useTranslation()
  const [form, setForm] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.quoteLimit.saved"),
    onSaved: (response) => setForm(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="quote-limit"
      title={t("frete.quoteLimit.title")}
      description={t("frete.quoteLimit.description")}
      save={{
        onSave: () =>
          save({
            quote_route_limit_per_minute: numberFromText(form.quote_route_limit_per_minute),
            quote_store_limit_per_minute: numberFromText(form.quote_store_limit_per_minute),
            trusted_proxies: form.trusted_proxies
              .split(",")
              .map((proxy) => proxy.trim())
              .filter(Boolean),
          }),
        isSaving,
        issues,
        shown: FIELDS.map(({ key }) => key),
      }}
    >
      <QuoteGuardNotice guard={guard} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {FIELDS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            path={key}
            label={t(`frete.quoteLimit.${label}`)}
            hint={t(`frete.quoteLimit.${hint}`)}
            inputMode={key === "trusted_proxies" ? "text" : "numeric"}
            value={form[key]}
            issues={issues}
            onChange={(value) => setForm({ ...form, [key]: value })}
          />
        ))}
      </div>
    </SettingsSection>
  )
}
