import { displayCep } from "../../lib/format"
import { listFromText, numberOrText, textFromList, textFromNumber, textFromReais } from "../../lib/form-values"
import { rowKey } from "../../lib/list"
import type { FreteRule, FreteSettings, OptionOrder, RuleActionType, RulePatch } from "../../lib/types"
import type { Choice } from "../common/choice-list"

/** What an action's value is: its field's label and layout follow it; null: the action has none. */
export type ActionValue = "percent" | "reais" | "days" | null

/** Every action, in the select's order (the server's own list is in zod, kept out of the admin's bundle). */
export const ACTION_VALUES: Record<RuleActionType, ActionValue> = {
  free: null,
  free_cheapest: null,
  percent: "percent",
  amount: "reais",
  subtotal_percent: "percent",
  price: "reais",
  hide: null,
  days: "days",
}

export const ACTION_TYPES = Object.keys(ACTION_VALUES) as RuleActionType[]

export type CepRangeForm = { key: string; from: string; to: string }

/** The scope's bounds, typed as text. */
export const BOUNDS = ["min_subtotal", "max_subtotal", "min_weight_kg", "max_weight_kg"] as const
type Bound = (typeof BOUNDS)[number]

export type RuleForm = {
  key: string
  name: string
  enabled: boolean
  carried_from: FreteRule["carried_from"]
  type: RuleActionType
  value: string
  services: string[]
  states: string
  cep_ranges: CepRangeForm[]
  product_ids: string[]
  shipping_profile_ids: string[]
} & Record<Bound, string>

export const emptyCepRange = (): CepRangeForm => ({ key: rowKey(), from: "", to: "" })

export const emptyRule = (): RuleForm => ({
  key: rowKey(),
  name: "",
  enabled: true,
  carried_from: null,
  type: "percent",
  value: "",
  services: [],
  states: "",
  cep_ranges: [],
  product_ids: [],
  shipping_profile_ids: [],
  min_subtotal: "",
  max_subtotal: "",
  min_weight_kg: "",
  max_weight_kg: "",
})

const boundText = (value: number | null, reais: boolean) =>
  value === null ? "" : reais ? textFromReais(value) : textFromNumber(value)

export function ruleFrom(rule: FreteRule): RuleForm {
  const { scope, action } = rule
  const value = "value" in action ? action.value : null
  return {
    key: rowKey(),
    name: rule.name,
    enabled: rule.enabled,
    carried_from: rule.carried_from,
    type: action.type,
    value: boundText(value, ACTION_VALUES[action.type] === "reais"),
    services: scope.services,
    states: textFromList(scope.states),
    cep_ranges: scope.cep_ranges.map((range) => ({
      key: rowKey(),
      from: displayCep(range.from),
      to: displayCep(range.to),
    })),
    product_ids: scope.product_ids,
    shipping_profile_ids: scope.shipping_profile_ids,
    min_subtotal: boundText(scope.min_subtotal, true),
    max_subtotal: boundText(scope.max_subtotal, true),
    min_weight_kg: boundText(scope.min_weight_kg, false),
    max_weight_kg: boundText(scope.max_weight_kg, false),
  }
}

export const rulesFrom = (settings: FreteSettings): RuleForm[] => settings.rules.map(ruleFrom)

export function rulePatch(rule: RuleForm): RulePatch {
  return {
    name: rule.name.trim(),
    enabled: rule.enabled,
    carried_from: rule.carried_from,
    action: ACTION_VALUES[rule.type] ? { type: rule.type, value: numberOrText(rule.value) } : { type: rule.type },
    scope: {
      services: rule.services,
      states: listFromText(rule.states).map((state) => state.toUpperCase()),
      cep_ranges: rule.cep_ranges.map((range) => ({ from: range.from.trim(), to: range.to.trim() })),
      product_ids: rule.product_ids,
      shipping_profile_ids: rule.shipping_profile_ids,
      min_subtotal: numberOrText(rule.min_subtotal),
      max_subtotal: numberOrText(rule.max_subtotal),
      min_weight_kg: numberOrText(rule.min_weight_kg),
      max_weight_kg: numberOrText(rule.max_weight_kg),
    },
  }
}

/** The services a rule can name: the services section's, then the fallback table's it does not list. */
export function serviceChoices(settings: FreteSettings): Choice[] {
  const listed = settings.services.map((service) => ({
    id: service.metaname,
    label: service.display_name ?? service.name,
  }))
  const tableOnly = settings.fallback
    .filter((entry) => !listed.some((choice) => choice.id === entry.service))
    .map((entry) => ({ id: entry.service, label: entry.name }))
  return [...listed, ...tableOnly]
}

/** What applies to every quote, around the rules. */
export type StoreWideForm = { handling_days_metadata_key: string; max_options: string; option_order: OptionOrder }

export const storeWideFrom = (settings: FreteSettings): StoreWideForm => ({
  handling_days_metadata_key: settings.handling_days_metadata_key,
  max_options: settings.max_options === null ? "" : String(settings.max_options),
  option_order: settings.option_order,
})

export const storeWidePatch = (form: StoreWideForm) => ({
  handling_days_metadata_key: form.handling_days_metadata_key.trim(),
  max_options: numberOrText(form.max_options),
  option_order: form.option_order,
})
