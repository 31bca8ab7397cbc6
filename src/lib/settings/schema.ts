import { z } from "zod"
import { tryNormalizeCep } from "../brazil/cep"
import { BRAZILIAN_STATES } from "../brazil/cep-state"
import { isServiceUrl, normalizeServiceUrl } from "../../../medusa-plugin.config"
import { FRETE_PROVIDER_ID } from "../frete-provider"

/**
 * Text that Postgres can keep in a jsonb column: `\u0000` and a lone UTF-16 surrogate are valid
 * in JSON and in a JavaScript string, but jsonb refuses both (the save would fail with a 500).
 */
export function isStorableText(value: string): boolean {
  return !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)
}

const NOT_STORABLE = "caractere não permitido (nulo ou Unicode inválido)"

/** A text of the settings, trimmed; every message in Portuguese, since the merchant reads them. */
const text = (max: number, required = "informe um texto") =>
  z
    .string({ error: "informe um texto" })
    .trim()
    .min(1, required)
    .max(max, `no máximo ${max} caracteres`)
    .refine(isStorableText, NOT_STORABLE)

const list = <T extends z.ZodType>(item: T) => z.array(item, { error: "informe uma lista" })

const record = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: "informe um objeto" })

const flag = z.boolean({ error: "use true ou false" })

const cep = z.string({ error: "informe o CEP como texto" }).transform((value, ctx) => {
  const normalized = tryNormalizeCep(value)
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "CEP inválido: use 8 dígitos, como 01310-100" })
    return z.NEVER
  }
  return normalized
})

const reais = z.number({ error: "informe um valor em reais" }).nonnegative("não pode ser negativo").max(1_000_000, "no máximo R$ 1.000.000")
const positive = (max: number) => z.number({ error: "informe um número" }).positive("deve ser maior que zero").max(max, `no máximo ${max}`)
const wholeDays = z.number({ error: "informe um número de dias" }).int("use um número inteiro de dias").nonnegative("não pode ser negativo").max(365, "no máximo 365 dias")

export const extraPriceSchema = z.discriminatedUnion(
  "type",
  [
    record({ type: z.literal("fixed"), value: reais }),
    record({ type: z.literal("percent"), value: z.number({ error: "informe um percentual" }).nonnegative("não pode ser negativo").max(100, "no máximo 100%") }),
  ],
  // Its issues: a value that is not an object, or a `type` that is neither.
  { error: (issue) => (issue.code === "invalid_union" ? 'use type "fixed" ou "percent"' : "informe um objeto { type, value }") }
)

export const freeFreightRuleSchema = record({
  /** Items subtotal (R$) from which the rule applies. */
  min_subtotal: reais,
  /** Destination states; empty: all. */
  states: list(z.enum(BRAZILIAN_STATES, { error: "UF inválida" })).default([]),
  /** Destination CEP ranges, inclusive; empty: all. */
  cep_ranges: list(
    record({ from: cep, to: cep }).refine((range) => range.from <= range.to, { message: "o CEP inicial deve ser menor ou igual ao final", path: ["to"] })
  ).default([]),
})

export const serviceSettingSchema = record({
  /** `servico_metaname` of the freight API. */
  metaname: text(100, "informe o código do serviço"),
  /** `servico_nome` as the service names it. */
  name: text(100, "informe o nome do serviço"),
  enabled: flag.default(true),
  /** The merchant's name for the service, shown at checkout instead of `name`. */
  display_name: text(100).nullable().default(null),
})

export const defaultPackageSchema = record({
  weight_kg: positive(1000),
  length_cm: positive(500),
  width_cm: positive(500),
  height_cm: positive(500),
})

export const fallbackBandSchema = record({
  /** Upper bound of the band, inclusive, on the billable weight of the whole cart. */
  max_weight_kg: positive(100_000),
  price: reais,
  days: wholeDays,
})

export const fallbackServiceSchema = record({
  service: text(100, "informe o código do serviço"),
  name: text(100, "informe o nome do serviço"),
  carrier: z.string({ error: "informe um texto" }).trim().max(100, "no máximo 100 caracteres").refine(isStorableText, NOT_STORABLE).nullable().default(null),
  bands: list(fallbackBandSchema)
    .min(1, "informe ao menos uma faixa de peso")
    .transform((bands) => [...bands].sort((a, b) => a.max_weight_kg - b.max_weight_kg)),
})

const uniqueBy = <T>(key: (item: T) => string, message: string) => (items: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>()
  items.forEach((item, index) => {
    if (seen.has(key(item))) {
      ctx.addIssue({ code: "custom", message, path: [index] })
    }
    seen.add(key(item))
  })
}

const DEFAULT_PACKAGE = { weight_kg: 0.3, length_cm: 20, width_cm: 15, height_cm: 5 }

const metadataKey = text(100, "informe a chave")

export const carrierSettingSchema = record({
  /** `servico_metaname` of the shipping method's service. */
  service: text(100, "informe o código do serviço"),
  /** `carrierId` of the tracking API: the carrier's identifier there (GUID-shaped). */
  carrier_id: text(100).nullable().default(null),
  /** `CarrierName`: the carrier's name as registered in the tracking service. */
  carrier_name: text(100).nullable().default(null),
})

/** What the tracking order takes from the settings. */
export const trackingSettingsSchema = record({
  /**
   * Whether shipments get a tracking order at all. Off (or with no tracking URL or credential in
   * force), a shipment gets no row, no order and no workflow run: no shopper data is kept for a
   * service the store does not use. Turned on, the shipments from then on are tracked.
   */
  enabled: flag.default(true),
  /** Fulfillment providers whose shipments get a tracking order (`frete_frete`: this plugin's). */
  provider_ids: list(text(100)).max(50, "no máximo 50 itens").default([FRETE_PROVIDER_ID]),
  /** `CompanyDocumentNumber`: the merchant's CNPJ, 14 digits (punctuation allowed here). */
  company_document: z
    .string({ error: "informe o CNPJ como texto" })
    .transform((value, ctx) => {
      const digits = value.replace(/[.\-/\s]/g, "")
      if (!/^\d{14}$/.test(digits)) {
        ctx.addIssue({ code: "custom", message: "CNPJ inválido: use 14 dígitos" })
        return z.NEVER
      }
      return digits
    })
    .nullable()
    .default(null),
  /** `EntrySource`: how the tracking service tells where the order came from. */
  entry_source: text(100).default("Medusa"),
  /** `SendSms` / `SendEmail`: false turns the service's notification rules off (always false with `no_notification`). */
  send_sms: flag.default(true),
  send_email: flag.default(true),
  /** `AutomaticDateDelivered`: let the service compute the promised date (agree it with its support first). */
  automatic_date_delivered: flag.default(false),
  /** `carrierId` / `CarrierName` per service. */
  carriers: list(carrierSettingSchema).max(100, "no máximo 100 itens").default([]),
  /** Metadata key of the shipping address, then of the customer, that holds the CPF. */
  cpf_metadata_key: metadataKey.default("cpf"),
  /** Metadata keys of the fulfillment, then of the order, that hold the NF-e number and series. */
  invoice_number_metadata_key: metadataKey.default("nfe_numero"),
  invoice_series_metadata_key: metadataKey.default("nfe_serie"),
  /** LGPD: days a tracking order's (masked) payload is kept after it ended `created` or `failed`, then purged. */
  payload_retention_days: z
    .number({ error: "informe um número de dias" })
    .int("use um número inteiro")
    .min(1, "no mínimo 1 dia")
    .max(3650, "no máximo 3650 dias")
    .default(90),
})

export type TrackingSettings = z.output<typeof trackingSettingsSchema>

const serviceUrl = z
  .string({ error: "informe a URL como texto" })
  .trim()
  .refine((value) => isServiceUrl(value) && isStorableText(value), "URL inválida: use http:// ou https://, sem parâmetros nem usuário")
  .transform(normalizeServiceUrl)

/** The merchant's settings: one row in the database, edited in the admin. */
export const freteSettingsSchema = record({
  /** Base URL of the freight API, when medusa-config / FRETE_FREIGHT_URL does not set one. */
  freight_url: serviceUrl.nullable().default(null),
  /** Base URL of the tracking API, when medusa-config / FRETE_TRACKING_URL does not set one. */
  tracking_url: serviceUrl.nullable().default(null),
  /** Origin CEP when the stock location of a shipping option has none. */
  origin_cep: cep.nullable().default(null),
  /** Handling days, sent as `prazo_adicional`. */
  extra_days: wholeDays.default(0),
  /** Metadata key of a variant, else of its product, with the item's own handling days, added to `extra_days`. */
  handling_days_metadata_key: metadataKey.default("frete_handling_days"),
  /** Sent as `preco_adicional`: fixed reais, or a percentage of the invoice value. */
  extra_price: extraPriceSchema.default({ type: "fixed", value: 0 }),
  /** Any rule that matches sets `fretegratis`. */
  free_freight_rules: list(freeFreightRuleSchema).max(50, "no máximo 50 regras").default([]),
  /** Known services, in display order; services the API returns and that are not listed are offered too. */
  services: list(serviceSettingSchema).max(100, "no máximo 100 serviços").default([]).superRefine(uniqueBy((service) => service.metaname, "serviço repetido")),
  /** Used for line items whose variant lacks weight or dimensions. */
  default_package: defaultPackageSchema.default(DEFAULT_PACKAGE),
  /** Prices and days used when the freight API fails and no earlier answer is kept. */
  fallback: list(fallbackServiceSchema).max(50, "no máximo 50 serviços").default([]).superRefine(uniqueBy((entry) => entry.service, "serviço repetido")),
  /** New upstream queries one client may cause per minute through any store route (the name is older than that). */
  quote_route_limit_per_minute: z
    .number({ error: "informe um número de consultas" })
    .int("use um número inteiro")
    .min(1, "no mínimo 1")
    .max(10_000, "no máximo 10000")
    .default(30),
  /**
   * New upstream queries all store requests together may cause per minute: what forged addresses
   * cannot pass. Past it shoppers get the fallback table, so the default is set for an honest peak
   * (about 250 shoppers a minute each typing a CEP or two and a few cart changes), not for a quiet day.
   */
  quote_store_limit_per_minute: z
    .number({ error: "informe um número de consultas" })
    .int("use um número inteiro")
    .min(1, "no mínimo 1")
    .max(100_000, "no máximo 100000")
    .default(1000),
  /** Proxies in front of Medusa that append to X-Forwarded-For: how the client of a store request is known. */
  trusted_proxy_hops: z
    .number({ error: "informe um número de proxies" })
    .int("use um número inteiro")
    .min(0, "no mínimo 0")
    .max(10, "no máximo 10")
    .default(1),
  /** The tracking order's fields that come from the merchant; absent, `{}` through its schema, so each default stands once, there. */
  tracking: trackingSettingsSchema.prefault({}),
})

export type FreteSettings = z.output<typeof freteSettingsSchema>
export type FreteSettingsInput = z.input<typeof freteSettingsSchema>

export const DEFAULT_SETTINGS: FreteSettings = freteSettingsSchema.parse({})

/** Validation issues as `{ field, message }`, the field as a dotted path ("fallback.0.bands.1.price"). */
export function settingsIssues(error: z.ZodError): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }))
}
