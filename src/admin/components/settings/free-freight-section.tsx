import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { removeAt, replaceAt } from "../../lib/list"
import type { FreteSettings } from "../../lib/types"
import { AddButton } from "../common/add-button"
import { SettingsSection } from "../common/settings-section"
import { emptyRule, rulesFrom, rulesPatch, type FreeFreightRuleForm } from "./free-freight-form"
import { FreeFreightRule } from "./free-freight-rule"

/** Rules that make the cheapest quote free: minimum subtotal, states, CEP ranges. */
export const FreeFreightSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [rules, setRules] = useState(() => rulesFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: t("frete.freeFreight.saved"),
    onSaved: (response) => setRules(rulesFrom(response.settings)),
  })
  /** Adding or removing a rule or a range moves the paths the issues name: they are dropped. */
  const reshape = (next: FreeFreightRuleForm[]) => {
    clearIssues()
    setRules(next)
  }

  return (
    <SettingsSection
      id="free-freight"
      title={t("frete.freeFreight.title")}
      description={t("frete.freeFreight.description")}
      save={{
        onSave: () => save({ free_freight_rules: rulesPatch(rules) }),
        isSaving,
        issues,
        shown: ["free_freight_rules."],
      }}
    >
      {rules.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-free-freight-empty">
          {t("frete.freeFreight.empty")}
        </Text>
      )}
      {rules.map((rule, index) => (
        <FreeFreightRule
          key={rule.key}
          index={index}
          rule={rule}
          issues={issues}
          onChange={(next) =>
            next.cep_ranges.length === rule.cep_ranges.length
              ? setRules(replaceAt(rules, index, next))
              : reshape(replaceAt(rules, index, next))
          }
          onRemove={() => reshape(removeAt(rules, index))}
        />
      ))}
      <AddButton
        path="free_freight_rules"
        label={t("frete.freeFreight.addRule")}
        onClick={() => reshape([...rules, emptyRule()])}
      />
    </SettingsSection>
  )
}
