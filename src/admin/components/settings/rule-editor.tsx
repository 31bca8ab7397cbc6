import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { issuesOutside, messagesAt, messagesExactlyAt } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import type { Choice } from "../common/choice-list"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { SelectField } from "../common/select-field"
import { SwitchField } from "../common/switch-field"
import { TextField } from "../common/text-field"
import { RuleScope } from "./rule-scope"
import { ACTION_TYPES, ACTION_VALUES, BOUNDS, type RuleForm } from "./rules-form"

type RuleEditorProps = {
  index: number
  count: number
  rule: RuleForm
  services: Choice[]
  issues: FieldIssue[]
  onChange: (rule: RuleForm) => void
  onMove: (to: number) => void
  onRemove: () => void
}

const SCOPE_FIELDS = ["services", "states", "cep_ranges", "product_ids", "shipping_profile_ids", ...BOUNDS]

/** One rule: its name, whether it applies, its action and the carts it reaches. */
export const RuleEditor = ({ index, count, rule, services, issues, onChange, onMove, onRemove }: RuleEditorProps) => {
  const { t } = useTranslation()
  const path = `rules.${index}`
  const testId = rowTestId(path)
  const valueKind = ACTION_VALUES[rule.type]
  const own = issues.filter((issue) => issue.field === path || issue.field.startsWith(`${path}.`))
  const shown = [`${path}.name`, `${path}.enabled`, `${path}.action`, ...SCOPE_FIELDS.map((f) => `${path}.scope.${f}`)]

  return (
    <div
      className="shadow-elevation-card-rest bg-ui-bg-component flex flex-col gap-y-4 rounded-lg p-4"
      data-testid={testId}
    >
      <div className="flex items-center justify-between gap-x-4">
        <div className="flex items-center gap-x-2">
          <Badge size="2xsmall">{index + 1}</Badge>
          <Text size="small" weight="plus">
            {t("frete.rules.rule", { number: index + 1 })}
          </Text>
          {rule.carried_from && (
            <Badge size="2xsmall" color="blue" data-testid={`${testId}-carried`}>
              {t("frete.rules.carried")}
            </Badge>
          )}
        </div>
        <RowActions
          testId={testId}
          noun={t("frete.rules.noun")}
          onRemove={onRemove}
          move={{
            up: index > 0 ? () => onMove(index - 1) : null,
            down: index < count - 1 ? () => onMove(index + 1) : null,
          }}
        />
      </div>
      <FieldErrors messages={issuesOutside(own, shown).map((issue) => issue.message)} testId={`${testId}-error`} />
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <TextField
          path={`${path}.name`}
          label={t("frete.rules.name")}
          optional
          placeholder={t("frete.rules.namePlaceholder")}
          value={rule.name}
          issues={issues}
          onChange={(name) => onChange({ ...rule, name })}
        />
        <div className="md:pt-7">
          <SwitchField
            path={`${path}.enabled`}
            label={t("frete.rules.enabled")}
            checked={rule.enabled}
            issues={issues}
            onChange={(enabled) => onChange({ ...rule, enabled })}
          />
        </div>
        <SelectField
          path={`${path}.action.type`}
          label={t("frete.rules.action")}
          hint={t(`frete.rules.actionHints.${rule.type}`)}
          value={rule.type}
          options={ACTION_TYPES.map((type) => ({ value: type, label: t(`frete.rules.actions.${type}`) }))}
          messages={[...messagesExactlyAt(issues, `${path}.action`), ...messagesAt(issues, `${path}.action.type`)]}
          onChange={(type) => onChange({ ...rule, type })}
        />
        {valueKind && (
          <TextField
            path={`${path}.action.value`}
            label={t(`frete.rules.values.${rule.type}`)}
            inputMode={valueKind === "days" ? "numeric" : "decimal"}
            value={rule.value}
            issues={issues}
            onChange={(value) => onChange({ ...rule, value })}
          />
        )}
      </div>
      <RuleScope path={path} rule={rule} services={services} issues={issues} onChange={onChange} />
    </div>
  )
}
