import { z } from "zod"
import { tryNormalizeCep } from "../cep"
import { isServiceUrl, normalizeServiceUrl } from "../service-url"

/** The 27 federative units, for free-freight rules limited to states. */
export const BRAZILIAN_STATES = [
  "AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE",
  "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO",
] as const

const cep = z.string().transform((value, ctx) => {
  const normalized = tryNormalizeCep(value)
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "CEP inválido: use 8 dígitos, como 01310-100" })
    return z.NEVER
  }
  return normalized
})

const reais = z.number({ error: "informe um valor em reais" }).finite().nonnegative("não pode ser negativo").max(1_000_000)
const positive = (max: number) => z.number({ error: "informe um número" }).finite().positive("deve ser maior que zero").max(max)
const wholeDays = z.number({ error: "informe um número de dias" }).int("use um número inteiro de dias").nonnegative("não pode ser negativo").max(365)

export const extraPriceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("fixed"), value: reais }),
  z.object({ type: z.literal("percent"), value: z.number().finite().nonnegative("não pode ser negativo").max(100, "no máximo 100%") }),
])

export const freeFreightRuleSchema = z
  .object({
    /** Items subtotal (R$) from which the rule applies. */
    min_subtotal: reais,
    /** Destination states; empty: all. */
    states: z.array(z.enum(BRAZILIAN_STATES, { error: "UF inválida" })).default([]),
    /** Destination CEP ranges, inclusive; empty: all. */
    cep_ranges: z
      .array(
        z.object({ from: cep, to: cep }).refine((range) => range.from <= range.to, { message: "o CEP inicial deve ser menor ou igual ao final", path: ["to"] })
      )
      .default([]),
  })

export const serviceSettingSchema = z.object({
  /** `servico_metaname` of the freight API. */
  metaname: z.string().trim().min(1, "informe o código do serviço").max(100),
  /** `servico_nome` as the service names it. */
  name: z.string().trim().min(1, "informe o nome do serviço").max(100),
  enabled: z.boolean().default(true),
  /** The merchant's name for the service, shown at checkout instead of `name`. */
  display_name: z.string().trim().min(1).max(100).nullable().default(null),
})

export const defaultPackageSchema = z.object({
  weight_kg: positive(1000),
  length_cm: positive(500),
  width_cm: positive(500),
  height_cm: positive(500),
})

export const fallbackBandSchema = z.object({
  /** Upper bound of the band, inclusive, on the billable weight of the whole cart. */
  max_weight_kg: positive(100_000),
  price: reais,
  days: wholeDays,
})

export const fallbackServiceSchema = z.object({
  service: z.string().trim().min(1, "informe o código do serviço").max(100),
  name: z.string().trim().min(1, "informe o nome do serviço").max(100),
  carrier: z.string().trim().max(100).nullable().default(null),
  bands: z
    .array(fallbackBandSchema)
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

export const DEFAULT_PACKAGE = { weight_kg: 0.3, length_cm: 20, width_cm: 15, height_cm: 5 }

const metadataKey = z.string().trim().min(1, "informe a chave").max(100)

export const carrierSettingSchema = z.object({
  /** `servico_metaname` of the shipping method's service. */
  service: z.string().trim().min(1, "informe o código do serviço").max(100),
  /** `carrierId` of the tracking API: the carrier's identifier there (GUID-shaped). */
  carrier_id: z.string().trim().min(1).max(100).nullable().default(null),
  /** `CarrierName`: the carrier's name as registered in the tracking service. */
  carrier_name: z.string().trim().min(1).max(100).nullable().default(null),
})

export const DEFAULT_TRACKING_SETTINGS = {
  provider_ids: ["frete_frete"],
  company_document: null,
  entry_source: "Medusa",
  send_sms: true,
  send_email: true,
  automatic_date_delivered: false,
  carriers: [],
  cpf_metadata_key: "cpf",
  invoice_number_metadata_key: "nfe_numero",
  invoice_series_metadata_key: "nfe_serie",
}

/** What the tracking order takes from the settings. */
export const trackingSettingsSchema = z.object({
  /** Fulfillment providers whose shipments get a tracking order (`frete_frete`: this plugin's). */
  provider_ids: z.array(z.string().trim().min(1).max(100)).max(50).default(["frete_frete"]),
  /** `CompanyDocumentNumber`: the merchant's CNPJ, 14 digits (punctuation allowed here). */
  company_document: z
    .string()
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
  entry_source: z.string().trim().min(1).max(100).default("Medusa"),
  /** `SendSms` / `SendEmail`: false turns the service's notification rules off (always false with `no_notification`). */
  send_sms: z.boolean().default(true),
  send_email: z.boolean().default(true),
  /** `AutomaticDateDelivered`: let the service compute the promised date (agree it with its support first). */
  automatic_date_delivered: z.boolean().default(false),
  /** `carrierId` / `CarrierName` per service. */
  carriers: z.array(carrierSettingSchema).max(100).default([]),
  /** Metadata key of the shipping address, then of the customer, that holds the CPF. */
  cpf_metadata_key: metadataKey.default("cpf"),
  /** Metadata keys of the fulfillment, then of the order, that hold the NF-e number and series. */
  invoice_number_metadata_key: metadataKey.default("nfe_numero"),
  invoice_series_metadata_key: metadataKey.default("nfe_serie"),
})

export type TrackingSettings = z.output<typeof trackingSettingsSchema>

const serviceUrl = z
  .string()
  .trim()
  .refine(isServiceUrl, "URL inválida: use http:// ou https://, sem parâmetros nem usuário")
  .transform(normalizeServiceUrl)

/** The merchant's settings: one row in the database, edited in the admin. */
export const freteSettingsSchema = z.object({
  /** Base URL of the freight API, when medusa-config / FRETE_FREIGHT_URL does not set one. */
  freight_url: serviceUrl.nullable().default(null),
  /** Base URL of the tracking API, when medusa-config / FRETE_TRACKING_URL does not set one. */
  tracking_url: serviceUrl.nullable().default(null),
  /** Origin CEP when the stock location of a shipping option has none. */
  origin_cep: cep.nullable().default(null),
  /** Handling days, sent as `prazo_adicional`. */
  extra_days: wholeDays.default(0),
  /** Sent as `preco_adicional`: fixed reais, or a percentage of the invoice value. */
  extra_price: extraPriceSchema.default({ type: "fixed", value: 0 }),
  /** Any rule that matches sets `fretegratis`. */
  free_freight_rules: z.array(freeFreightRuleSchema).max(50).default([]),
  /** Known services, in display order; services the API returns and that are not listed are offered too. */
  services: z.array(serviceSettingSchema).max(100).default([]).superRefine(uniqueBy((service) => service.metaname, "serviço repetido")),
  /** Used for line items whose variant lacks weight or dimensions. */
  default_package: defaultPackageSchema.default(DEFAULT_PACKAGE),
  /** Prices and days used when the freight API fails and no earlier answer is kept. */
  fallback: z.array(fallbackServiceSchema).max(50).default([]).superRefine(uniqueBy((entry) => entry.service, "serviço repetido")),
  /** Distinct upstream queries one client may cause per minute through the store quote route. */
  quote_route_limit_per_minute: z.number().int().min(1).max(10_000).default(30),
  /** The tracking order's fields that come from the merchant. */
  tracking: trackingSettingsSchema.default(DEFAULT_TRACKING_SETTINGS),
})

export type FreteSettings = z.output<typeof freteSettingsSchema>
export type FreteSettingsInput = z.input<typeof freteSettingsSchema>

export const DEFAULT_SETTINGS: FreteSettings = freteSettingsSchema.parse({})

/** Validation issues as `{ field, message }`, the field as a dotted path ("fallback.0.bands.1.price"). */
export function settingsIssues(error: z.ZodError): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }))
}
