import { displayCep } from "../../lib/format"
import { listFromText, numberFromText, textFromList, textFromReais } from "../../lib/form-values"
import { rowKey } from "../../lib/list"
import type { Draft, FreeFreightRule, FreteSettings } from "../../lib/types"

export type CepRangeForm = { key: string; from: string; to: string }

export type FreeFreightRuleForm = { key: string; min_subtotal: string; states: string; cep_ranges: CepRangeForm[] }

export const emptyCepRange = (): CepRangeForm => ({ key: rowKey(), from: "", to: "" })

export const emptyRule = (): FreeFreightRuleForm => ({ key: rowKey(), min_subtotal: "", states: "", cep_ranges: [] })

export function rulesFrom(settings: FreteSettings): FreeFreightRuleForm[] {
  return settings.free_freight_rules.map((rule) => ({
    key: rowKey(),
    min_subtotal: textFromReais(rule.min_subtotal),
    states: textFromList(rule.states),
    cep_ranges: rule.cep_ranges.map((range) => ({
      key: rowKey(),
      from: displayCep(range.from),
      to: displayCep(range.to),
    })),
  }))
}

export function rulesPatch(rules: FreeFreightRuleForm[]): Array<Draft<FreeFreightRule>> {
  return rules.map((rule) => ({
    min_subtotal: numberFromText(rule.min_subtotal),
    states: listFromText(rule.states).map((state) => state.toUpperCase()),
    cep_ranges: rule.cep_ranges.map((range) => ({ from: range.from.trim(), to: range.to.trim() })),
  }))
}
