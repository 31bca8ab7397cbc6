import { z } from "zod"
import {
  cepRanges,
  flag,
  list,
  percentPrice,
  positive,
  reais,
  record,
  serviceCode,
  states,
  text,
  wholeDays,
} from "./fields"

// Rules by region: what the merchant changes in the API's answer, in order (docs/rules.md). Priced by
// `lib/checkout/rules.ts`.

const signedReais = z
  .number({ error: "informe um valor em reais" })
  .min(-1_000_000, "no mínimo -R$ 1.000.000")
  .max(1_000_000, "no máximo R$ 1.000.000")
const percent = (min: number, max: number) =>
  z.number({ error: "informe um percentual" }).min(min, `no mínimo ${min}%`).max(max, `no máximo ${max}%`)

export const RULE_ACTION_TYPES = [
  "free",
  "free_cheapest",
  "percent",
  "amount",
  "subtotal_percent",
  "price",
  "hide",
  "days",
] as const

const ruleAction = z.discriminatedUnion(
  "type",
  [
    // Every service in scope costs nothing.
    record({ type: z.literal("free") }),
    // The cheapest service in scope costs nothing (the 0.x free-freight rule, as the API's `fretegratis`).
    record({ type: z.literal("free_cheapest") }),
    // Of the service's price: -10 is 10% off, 15 is 15% on.
    record({ type: z.literal("percent"), value: percent(-100, 1000) }),
    // Reais off (negative) or on.
    record({ type: z.literal("amount"), value: signedReais }),
    // A share of the cart's subtotal on (the 0.x `extra_price` in percent).
    record({ type: z.literal("subtotal_percent"), value: percent(0, 100) }),
    record({ type: z.literal("price"), value: reais }),
    record({ type: z.literal("hide") }),
    record({ type: z.literal("days"), value: wholeDays }),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union" ? `use type ${RULE_ACTION_TYPES.join(", ")}` : "informe um objeto { type, value }",
  }
)

const optionalBound = <T extends z.ZodType>(bound: T) => bound.nullable().default(null)
const inOrder = (low: number | null, high: number | null) => low === null || high === null || low <= high
const MIN_OVER_MAX = "o mínimo deve ser menor ou igual ao máximo"

/** Every field left empty reaches every cart; the fields given must all hold. */
const ruleScope = record({
  services: list(serviceCode).max(100, "no máximo 100 serviços").default([]),
  states: states.default([]),
  cep_ranges: cepRanges.max(100, "no máximo 100 faixas").default([]),
  min_subtotal: optionalBound(reais),
  max_subtotal: optionalBound(reais),
  /** The billable weight of the whole cart, as the fallback table's bands. */
  min_weight_kg: optionalBound(positive(100_000)),
  max_weight_kg: optionalBound(positive(100_000)),
  /** Every item of the cart is one of these products or in one of these shipping profiles. */
  product_ids: list(text(100)).max(500, "no máximo 500 produtos").default([]),
  shipping_profile_ids: list(text(100)).max(100, "no máximo 100 perfis").default([]),
})
  .refine((scope) => inOrder(scope.min_subtotal, scope.max_subtotal), { message: MIN_OVER_MAX, path: ["max_subtotal"] })
  .refine((scope) => inOrder(scope.min_weight_kg, scope.max_weight_kg), {
    message: MIN_OVER_MAX,
    path: ["max_weight_kg"],
  })

const CARRIED = ["extra_price", "extra_days", "free_freight_rules"] as const

export const ruleSchema = record({
  name: text(100, null).default(""),
  enabled: flag.default(true),
  scope: ruleScope.prefault({}),
  action: ruleAction,
  /** Set on a rule carried over from a 0.x setting: a save of that setting replaces it. */
  carried_from: z
    .enum(CARRIED, { error: `use ${CARRIED.join(", ")} ou null` })
    .nullable()
    .default(null),
})

export type FreteRule = z.output<typeof ruleSchema>
export type RuleAction = FreteRule["action"]
export type RuleScope = FreteRule["scope"]

export const rulesSchema = list(ruleSchema).max(100, "no máximo 100 regras").default([])

export const OPTION_ORDERS = ["price", "days", "services"] as const

/** The 0.x settings a save still takes (a script's, a backup's); each becomes rules of `rules`. */
export const carriedSettings = {
  extra_days: wholeDays.optional(),
  extra_price: z
    .discriminatedUnion("type", [record({ type: z.literal("fixed"), value: reais }), percentPrice], {
      error: (issue) =>
        issue.code === "invalid_union" ? 'use type "fixed" ou "percent"' : "informe um objeto { type, value }",
    })
    .optional(),
  free_freight_rules: list(
    record({ min_subtotal: reais, states: states.default([]), cep_ranges: cepRanges.default([]) })
  )
    .max(50, "no máximo 50 regras")
    .optional(),
}

type Carried = { [key in keyof typeof carriedSettings]?: z.output<(typeof carriedSettings)[key]> }

const carried = (from: FreteRule["carried_from"], name: string, action: RuleAction, scope = {}): FreteRule =>
  ruleSchema.parse({ name, scope, action, carried_from: from })

// Each given 0.x setting replaces its rules where they stood; new ones go first (price and days, as the API added
// them) or last (free freight, as the API freed the cheapest after them). A zero adds no rule.
export function carryOver<T extends { rules: FreteRule[] }>(settings: T & Carried) {
  const { extra_days, extra_price, free_freight_rules, ...rest } = settings
  let rules = rest.rules
  // Where its rules stood (the merchant may have moved them), else first or last.
  const replace = (from: (typeof CARRIED)[number], made: FreteRule[], first: boolean) => {
    const at = rules.findIndex((rule) => rule.carried_from === from)
    const kept = rules.filter((rule) => rule.carried_from !== from)
    const place = at === -1 ? (first ? 0 : kept.length) : at
    rules = [...kept.slice(0, place), ...made, ...kept.slice(place)]
  }
  if (extra_days !== undefined)
    replace(
      "extra_days",
      extra_days ? [carried("extra_days", "Prazo adicional", { type: "days", value: extra_days })] : [],
      true
    )
  if (extra_price !== undefined) {
    const action: RuleAction =
      extra_price.type === "fixed"
        ? { type: "amount", value: extra_price.value }
        : { type: "subtotal_percent", value: extra_price.value }
    replace("extra_price", extra_price.value ? [carried("extra_price", "Preço adicional", action)] : [], true)
  }
  if (free_freight_rules !== undefined)
    replace(
      "free_freight_rules",
      free_freight_rules.map((rule, index) =>
        carried("free_freight_rules", `Frete grátis ${index + 1}`, { type: "free_cheapest" }, rule)
      ),
      false
    )
  return { ...rest, rules }
}
