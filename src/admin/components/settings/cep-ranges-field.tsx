import { Hint, Label } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messagesExactlyAt } from "../../lib/issues"
import { removeAt, replaceAt } from "../../lib/list"
import type { FieldIssue } from "../../../lib/admin-contract"
import { AddButton } from "../common/add-button"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { TextField } from "../common/text-field"
import { emptyCepRange, type CepRangeForm } from "./rules-form"

type CepRangesFieldProps = {
  /** "rules.0.scope.cep_ranges" */
  path: string
  ranges: CepRangeForm[]
  issues: FieldIssue[]
  onChange: (ranges: CepRangeForm[]) => void
}

/** A rule's CEP ranges, each from and to, inclusive. */
export const CepRangesField = ({ path, ranges, issues, onChange }: CepRangesFieldProps) => {
  const { t } = useTranslation()
  const edit = (index: number, range: CepRangeForm) => onChange(replaceAt(ranges, index, range))
  return (
    <div className="flex flex-col gap-y-2">
      <Label size="small" weight="plus">
        {t("frete.rules.cepRanges")}
      </Label>
      <Hint>{t("frete.rules.cepRangesHint")}</Hint>
      <FieldErrors messages={messagesExactlyAt(issues, path)} testId={`${rowTestId(path)}-error`} />
      {ranges.map((range, index) => {
        const rangePath = `${path}.${index}`
        return (
          <div key={range.key} className="flex flex-col gap-y-1" data-testid={rowTestId(rangePath)}>
            <div className="grid grid-cols-[1fr_1fr_auto] items-start gap-4">
              <TextField
                path={`${rangePath}.from`}
                label={t("frete.rules.from")}
                inputMode="numeric"
                placeholder="00000-000"
                value={range.from}
                issues={issues}
                onChange={(from) => edit(index, { ...range, from })}
              />
              <TextField
                path={`${rangePath}.to`}
                label={t("frete.rules.to")}
                inputMode="numeric"
                placeholder="00000-000"
                value={range.to}
                issues={issues}
                onChange={(to) => edit(index, { ...range, to })}
              />
              <div className="pt-7">
                <RowActions
                  testId={rowTestId(rangePath)}
                  noun={t("frete.rules.rangeNoun")}
                  onRemove={() => onChange(removeAt(ranges, index))}
                />
              </div>
            </div>
            <FieldErrors messages={messagesExactlyAt(issues, rangePath)} testId={`${rowTestId(rangePath)}-error`} />
          </div>
        )
      })}
      <AddButton path={path} label={t("frete.rules.addRange")} onClick={() => onChange([...ranges, emptyCepRange()])} />
    </div>
  )
}
