import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { removeAt, replaceAt } from "../../lib/list"
import type { FreteSettings } from "../../lib/types"
import { AddButton } from "../common/add-button"
import { SettingsSection } from "../common/settings-section"
import { emptyRule, rulesFrom, rulesPatch, type FreeFreightRuleForm } from "./free-freight-form"
import { FreeFreightRule } from "./free-freight-rule"

/** Rules that make the cheapest quote free: minimum subtotal, states, CEP ranges. */
export const FreeFreightSection = ({ settings }: { settings: FreteSettings }) => {
  const [rules, setRules] = useState(() => rulesFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: "Frete grátis salvo",
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
      title="Frete grátis"
      description="Quando o carrinho atende a alguma regra (subtotal dos itens a partir do mínimo, destino em um dos estados e em uma das faixas de CEP), a cotação mais barata sai grátis."
      save={{ onSave: () => save({ free_freight_rules: rulesPatch(rules) }), isSaving, issues, shown: ["free_freight_rules."] }}
    >
      {rules.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-free-freight-empty">
          Nenhuma regra: o frete nunca sai grátis.
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
      <AddButton path="free_freight_rules" label="Adicionar regra" onClick={() => reshape([...rules, emptyRule()])} />
    </SettingsSection>
  )
}
