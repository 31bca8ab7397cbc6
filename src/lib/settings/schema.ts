import { z } from "zod"
import { cnpjCharacters, isValidCnpj } from "../brazil/cpf"
import { isServiceUrl, normalizeServiceUrl } from "../../../medusa-plugin.config"
import { FRETE_PROVIDER_ID } from "../frete-provider"
import { trustOf } from "../http/client-key"
import {
  cep,
  count,
  flag,
  isStorableText,
  list,
  metadataKey,
  positive,
  reais,
  record,
  serviceCode,
  serviceName,
  text,
  wholeDays,
} from "./fields"
import { carriedSettings, carryOver, OPTION_ORDERS, rulesSchema } from "./rules"

export { isStorableText }

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** An object given in part keeps the fields it does not give; a list is replaced (merged, it would resurrect rows). */
export function mergeSettings(current: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const base = isPlainObject(current) ? current : {}
  // fromEntries: a "__proto__" key of a JSON body stays an own key (which the schema drops), never the prototype.
  return Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(patch)])].map((key) => {
      if (!Object.prototype.hasOwnProperty.call(patch, key) || patch[key] === undefined) return [key, base[key]]
      const [given, kept] = [patch[key], base[key]]
      return [key, isPlainObject(given) && isPlainObject(kept) ? mergeSettings(kept, given) : given]
    })
  )
}

const serviceUrl = z
  .string({ error: "informe a URL como texto" })
  .trim()
  .refine(
    (value) => isServiceUrl(value) && isStorableText(value),
    "URL inválida: use http:// ou https://, sem parâmetros nem usuário"
  )
  .transform(normalizeServiceUrl)
const uniqueBy =
  <T>(key: (item: T) => string) =>
  (items: T[], ctx: z.RefinementCtx) =>
    items.forEach(
      (item, index) =>
        items.findIndex((other) => key(other) === key(item)) < index &&
        ctx.addIssue({ code: "custom", message: "serviço repetido", path: [index] })
    )

export const freteSettingsSchema = record({
  freight_url: serviceUrl.nullable().default(null),
  tracking_url: serviceUrl.nullable().default(null),
  origin_cep: cep.nullable().default(null),
  handling_days_metadata_key: metadataKey.default("frete_handling_days"),
  /** Applied in order to every outbound price (docs/rules.md). */
  rules: rulesSchema,
  /** The most options a shopper is offered, after the rules; null: all. */
  max_options: count(" de opções", 1, 20).nullable().default(null),
  /** `price`: cheapest first; `days`: fastest first; `services`: the order of `services` below, then price. */
  option_order: z.enum(OPTION_ORDERS, { error: `use ${OPTION_ORDERS.join(", ")}` }).default("price"),
  services: list(
    record({
      metaname: serviceCode,
      name: serviceName,
      enabled: flag.default(true),
      display_name: text(100).nullable().default(null),
    })
  )
    .max(100, "no máximo 100 serviços")
    .default([])
    .superRefine(uniqueBy((service) => service.metaname)),
  default_package: record({
    weight_kg: positive(1000),
    length_cm: positive(500),
    width_cm: positive(500),
    height_cm: positive(500),
  }).default({ weight_kg: 0.3, length_cm: 20, width_cm: 15, height_cm: 5 }),
  fallback: list(
    record({
      service: serviceCode,
      name: serviceName,
      carrier: text(100, null).nullable().default(null),
      /** `max_weight_kg`: inclusive bound on the billable weight of the whole cart. */
      bands: list(record({ max_weight_kg: positive(100_000), price: reais, days: wholeDays }))
        .min(1, "informe ao menos uma faixa de peso")
        .transform((bands) => [...bands].sort((a, b) => a.max_weight_kg - b.max_weight_kg)),
    })
  )
    .max(50, "no máximo 50 serviços")
    .default([])
    .superRefine(uniqueBy((entry) => entry.service)),
  /** Prices learned from the API's answers, priced from while it cannot answer (docs/learned-prices.md). */
  learned_prices: record({
    enabled: flag.default(true),
    retention_days: count(" de dias", 1, 365).default(90),
  }).prefault({}),
  /** New upstream queries per minute, of one client and of all (set for an honest peak, ~250 shoppers a minute). */
  quote_route_limit_per_minute: count(" de consultas", 1, 10_000).default(30),
  quote_store_limit_per_minute: count(" de consultas", 1, 100_000).default(1000),
  /** Express's `trust proxy` list: the peers whose X-Forwarded-For is read. */
  trusted_proxies: list(
    text(100).refine((proxy) => {
      try {
        return !!trustOf([proxy])
      } catch {
        return false
      }
    }, "use um endereço IP, uma faixa CIDR (10.0.0.0/8) ou loopback, linklocal, uniquelocal")
  )
    .max(50, "no máximo 50 itens")
    .default(["loopback", "linklocal", "uniquelocal"]),
  tracking: record({
    enabled: flag.default(true),
    provider_ids: list(text(100)).max(50, "no máximo 50 itens").default([FRETE_PROVIDER_ID]),
    company_document: z
      .string({ error: "informe o CNPJ como texto" })
      .transform(cnpjCharacters)
      .pipe(
        z
          .string()
          .regex(/^[0-9A-Z]{12}\d{2}$/, {
            error: "CNPJ inválido: use os 14 caracteres, como 12.345.678/0001-95 ou 12.ABC.345/01DE-35",
            abort: true,
          })
          .refine(isValidCnpj, "CNPJ inválido: os dígitos verificadores não conferem")
      )
      .nullable()
      .default(null),
    entry_source: text(100).default("Medusa"),
    send_sms: flag.default(true),
    send_email: flag.default(true),
    automatic_date_delivered: flag.default(false),
    /** The tracking API's `carrierId` and `CarrierName` per `servico_metaname`. */
    carriers: list(
      record({
        service: serviceCode,
        carrier_id: text(100).nullable().default(null),
        carrier_name: text(100).nullable().default(null),
      })
    )
      .max(100, "no máximo 100 itens")
      .default([]),
    cpf_metadata_key: metadataKey.default("cpf"),
    invoice_number_metadata_key: metadataKey.default("nfe_numero"),
    invoice_series_metadata_key: metadataKey.default("nfe_serie"),
    /** LGPD: days a masked payload is kept after its order ended `created` or `failed`. */
    payload_retention_days: z
      .number({ error: "informe um número de dias" })
      .int("use um número inteiro")
      .min(1, "no mínimo 1 dia")
      .max(3650, "no máximo 3650 dias")
      .default(90),
  }).prefault({}),
  ...carriedSettings,
}).transform((settings) => carryOver(settings))

export type FreteSettings = z.output<typeof freteSettingsSchema>
export type FreteSettingsInput = z.input<typeof freteSettingsSchema>

export const DEFAULT_SETTINGS: FreteSettings = freteSettingsSchema.parse({})

// A field that no longer passes is removed so its default applies (its object's when it has none); a bad list item puts
// back the whole list: dropping it alone would change prices. Returns the paths, never a value.
export function repairSettings(stored: unknown): { settings: FreteSettings; repaired: string[] } {
  const reset = { settings: DEFAULT_SETTINGS, repaired: ["settings"] }
  if (!isPlainObject(stored)) return reset
  const working = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>
  const removed = new Set<string>()
  // Each pass removes a field or goes one level up: bounded by the fields and their depth.
  for (let pass = 0; pass < 200; pass += 1) {
    const parsed = freteSettingsSchema.safeParse(working)
    if (parsed.success) {
      const paths = [...removed].filter((path) => ![...removed].some((outer) => path.startsWith(`${outer}.`)))
      return { settings: parsed.data, repaired: paths.sort((a, b) => a.localeCompare(b)) }
    }
    const before = new Set(removed)
    for (const issue of parsed.error.issues) {
      const end = issue.path.findIndex((key) => typeof key !== "string")
      let field = (end === -1 ? issue.path : issue.path.slice(0, end)).map(String)
      // Removed by an earlier pass and still failing (required, no default): its parent goes back instead.
      while (field.length && before.has(field.join("."))) field = field.slice(0, -1)
      if (!field.length) return reset
      const parent = field.slice(0, -1).reduce<unknown>((at, key) => (isPlainObject(at) ? at[key] : undefined), working)
      if (isPlainObject(parent)) delete parent[field[field.length - 1]]
      removed.add(field.join("."))
    }
  }
  return reset
}
