import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { removeAt, replaceAt } from "../../lib/list"
import type { FreteSettings } from "../../lib/types"
import { AddButton } from "../common/add-button"
import { SettingsSection } from "../common/settings-section"
import { emptyFallbackService, fallbackFrom, fallbackPatch, type FallbackServiceForm } from "./fallback-form"
import { FallbackService } from "./fallback-service"

/** Prices and deadlines used when the freight API cannot answer. */
export const FallbackSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [entries, setEntries] = useState(() => fallbackFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: t("frete.fallback.saved"),
    onSaved: (response) => setEntries(fallbackFrom(response.settings)),
  })
  /** Adding or removing a service or a band moves the paths the issues name: they are dropped. */
  const reshape = (next: FallbackServiceForm[]) => {
    clearIssues()
    setEntries(next)
  }

  return (
    <SettingsSection
      id="fallback"
      title={t("frete.fallback.title")}
      description={t("frete.fallback.description")}
      save={{ onSave: () => save({ fallback: fallbackPatch(entries) }), isSaving, issues, shown: ["fallback."] }}
    >
      {entries.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-fallback-empty">
          {t("frete.fallback.empty")}
        </Text>
      )}
      {entries.map((entry, index) => (
        <FallbackService
          key={entry.key}
          index={index}
          entry={entry}
          issues={issues}
          onChange={(next) =>
            next.bands.length === entry.bands.length
              ? setEntries(replaceAt(entries, index, next))
              : reshape(replaceAt(entries, index, next))
          }
          onRemove={() => reshape(removeAt(entries, index))}
        />
      ))}
      <AddButton
        path="fallback"
        label={t("frete.fallback.addService")}
        onClick={() => reshape([...entries, emptyFallbackService()])}
      />
    </SettingsSection>
  )
}
