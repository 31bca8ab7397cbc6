import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messagesExactlyAt } from "../../lib/issues"
import { removeAt, replaceAt } from "../../lib/list"
import type { FieldIssue } from "../../../lib/admin-contract"
import { AddButton } from "../common/add-button"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { TextField } from "../common/text-field"
import { emptyCepRange, type FreeFreightRuleForm } from "./free-freight-form"

type FreeFreightRuleProps = {
  index: number
  rule: FreeFreightRuleForm
  issues: FieldIssue[]
  onChange: (rule: FreeFreightRuleForm) => void
  onRemove: () => void
}

/** One rule: the minimum subtotal, the states and the CEP ranges it covers. */
export const FreeFreightRule = ({ index, rule, issues, onChange, onRemove }: FreeFreightRuleProps) => {
  const { t } = useTranslation()
  const path = `free_freight_rules.${index}`
  const rangesPath = `${path}.cep_ranges`

  return (
    <div
      className="shadow-elevation-card-rest bg-ui-bg-component flex flex-col gap-y-4 rounded-lg p-4"
      data-testid={rowTestId(path)}
    >
      <div className="flex items-center justify-between">
        <Text size="small" weight="plus">
          {t("frete.freeFreight.rule", { number: index + 1 })}
        </Text>
        <RowActions testId={rowTestId(path)} noun={t("frete.freeFreight.ruleNoun")} onRemove={onRemove} />
      </div>
      <FieldErrors messages={messagesExactlyAt(issues, path)} testId={`${rowTestId(path)}-error`} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          path={`${path}.min_subtotal`}
          label={t("frete.freeFreight.minSubtotal")}
          inputMode="decimal"
          value={rule.min_subtotal}
          issues={issues}
          onChange={(min_subtotal) => onChange({ ...rule, min_subtotal })}
        />
        <TextField
          path={`${path}.states`}
          label={t("frete.freeFreight.states")}
          optional
          placeholder="SP, RJ, MG"
          hint={t("frete.freeFreight.statesHint")}
          value={rule.states}
          issues={issues}
          onChange={(states) => onChange({ ...rule, states })}
        />
      </div>
      <div className="flex flex-col gap-y-3">
        <Text size="small" weight="plus">
          {t("frete.freeFreight.cepRanges")}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {t("frete.freeFreight.cepRangesHint")}
        </Text>
        <FieldErrors messages={messagesExactlyAt(issues, rangesPath)} testId={`${rowTestId(rangesPath)}-error`} />
        {rule.cep_ranges.map((range, rangeIndex) => {
          const rangePath = `${rangesPath}.${rangeIndex}`
          return (
            <div
              key={range.key}
              className="grid grid-cols-[1fr_1fr_auto] items-start gap-4"
              data-testid={rowTestId(rangePath)}
            >
              <TextField
                path={`${rangePath}.from`}
                label={t("frete.freeFreight.from")}
                inputMode="numeric"
                placeholder="00000-000"
                value={range.from}
                issues={issues}
                onChange={(from) =>
                  onChange({ ...rule, cep_ranges: replaceAt(rule.cep_ranges, rangeIndex, { ...range, from }) })
                }
              />
              <TextField
                path={`${rangePath}.to`}
                label={t("frete.freeFreight.to")}
                inputMode="numeric"
                placeholder="00000-000"
                value={range.to}
                issues={issues}
                onChange={(to) =>
                  onChange({ ...rule, cep_ranges: replaceAt(rule.cep_ranges, rangeIndex, { ...range, to }) })
                }
              />
              <div className="pt-7">
                <RowActions
                  testId={rowTestId(rangePath)}
                  noun={t("frete.freeFreight.rangeNoun")}
                  onRemove={() => onChange({ ...rule, cep_ranges: removeAt(rule.cep_ranges, rangeIndex) })}
                />
              </div>
            </div>
          )
        })}
        <AddButton
          path={rangesPath}
          label={t("frete.freeFreight.addRange")}
          onClick={() => onChange({ ...rule, cep_ranges: [...rule.cep_ranges, emptyCepRange()] })}
        />
      </div>
    </div>
  )
}
