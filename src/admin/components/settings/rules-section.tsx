import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { messagesAt } from "../../lib/issues"
import { move, removeAt, replaceAt } from "../../lib/list"
import type { FreteSettings, OptionOrder } from "../../lib/types"
import { AddButton } from "../common/add-button"
import { SelectField } from "../common/select-field"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"
import { RuleEditor } from "./rule-editor"
import {
  emptyRule,
  rulePatch,
  rulesFrom,
  serviceChoices,
  storeWideFrom,
  storeWidePatch,
  type RuleForm,
} from "./rules-form"

const ORDERS: OptionOrder[] = ["services", "price", "days"]

/** The rules by region, in the order they apply, and what applies to every quote around them. */
export const RulesSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [rules, setRules] = useState(() => rulesFrom(settings))
  const [storeWide, setStoreWide] = useState(() => storeWideFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: t("frete.rules.saved"),
    onSaved: (response) => {
      setRules(rulesFrom(response.settings))
      setStoreWide(storeWideFrom(response.settings))
    },
  })
  /** Adding, removing or moving a rule or a range moves the paths the issues name: they are dropped. */
  const reshape = (next: RuleForm[]) => {
    clearIssues()
    setRules(next)
  }
  const services = serviceChoices(settings)

  return (
    <SettingsSection
      id="rules"
      title={t("frete.rules.title")}
      description={t("frete.rules.description")}
      save={{
        onSave: () => save({ ...storeWidePatch(storeWide), rules: rules.map(rulePatch) }),
        isSaving,
        issues,
        shown: ["rules.", "max_options", "option_order", "handling_days_metadata_key"],
      }}
    >
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-3">
        <TextField
          path="handling_days_metadata_key"
          label={t("frete.rules.handlingKey")}
          hint={t("frete.rules.handlingKeyHint")}
          value={storeWide.handling_days_metadata_key}
          issues={issues}
          onChange={(handling_days_metadata_key) => setStoreWide({ ...storeWide, handling_days_metadata_key })}
        />
        <TextField
          path="max_options"
          label={t("frete.rules.maxOptions")}
          optional
          inputMode="numeric"
          hint={t("frete.rules.maxOptionsHint")}
          value={storeWide.max_options}
          issues={issues}
          onChange={(max_options) => setStoreWide({ ...storeWide, max_options })}
        />
        <SelectField
          path="option_order"
          label={t("frete.rules.optionOrder")}
          value={storeWide.option_order}
          options={ORDERS.map((order) => ({ value: order, label: t(`frete.rules.orders.${order}`) }))}
          messages={messagesAt(issues, "option_order")}
          onChange={(option_order) => setStoreWide({ ...storeWide, option_order })}
        />
      </div>
      {rules.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-rules-empty">
          {t("frete.rules.empty")}
        </Text>
      )}
      {rules.map((rule, index) => (
        <RuleEditor
          key={rule.key}
          index={index}
          count={rules.length}
          rule={rule}
          services={services}
          issues={issues}
          onChange={(next) =>
            next.cep_ranges.length === rule.cep_ranges.length
              ? setRules(replaceAt(rules, index, next))
              : reshape(replaceAt(rules, index, next))
          }
          onMove={(to) => reshape(move(rules, index, to))}
          onRemove={() => reshape(removeAt(rules, index))}
        />
      ))}
      <AddButton path="rules" label={t("frete.rules.add")} onClick={() => reshape([...rules, emptyRule()])} />
    </SettingsSection>
  )
}
