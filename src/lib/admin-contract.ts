// The shapes of `/admin/frete/*`, imported by the routes and the admin; the admin's build takes this file as it is, so
// no import here. A server type inside an answer (the settings, a tracking order) is a parameter the admin fills.

/** `field` is a dotted path ("fallback.0.bands.1.price"). */
export type FieldIssue = { field: string; message: string }

/** "option": set in medusa-config or the environment, which wins over the admin. */
export type CredentialSource = "option" | "settings" | null

export type ServiceCredentials = {
  url: string | null
  url_source: CredentialSource
  secret_set: boolean
  secret_source: CredentialSource
  secret_withheld: boolean
}

export type Credentials = { encryption_available: boolean; freight: ServiceCredentials; tracking: ServiceCredentials }

export type OriginProblem = { cep: string; message: string; seen_at: string }

export type SettingsAnswer<Settings = unknown, GuardFigures = unknown> = {
  settings: Settings
  credentials: Credentials
  origin_problem: OriginProblem | null
  /** What the quota guard refused on the instance that answered. */
  quote_guard: GuardFigures | null
  /** Stored fields that no longer passed the schema, back at their default until the next save. */
  repaired_fields: string[]
}

export type SecretsPatch = { freight_token?: string | null; tracking_credential?: string | null }

/** A URL or secret left out (or blank) is the one in force. */
export type TestConnectionRequest = { origin_cep: string; destination_cep: string } & SecretsPatch &
  Partial<Record<"freight_url" | "tracking_url", string | null>>

export type MissingMeasure = "weight" | "length" | "width" | "height"

type VariantRow = { id: string; title: string | null; sku: string | null }

export type ProductMissingDimensions = {
  id: string
  title: string
  thumbnail: string | null
  variants: Array<VariantRow & { missing: MissingMeasure[] }>
}

type FieldReason = { field: string; reason: string }
type Page = { count: number; limit: number; offset: number }

export type ProductsMissingDimensionsAnswer = Page & { products: ProductMissingDimensions[] }

export type ProductHandlingDays = {
  metadata_key: string
  handling_days: number | null
  variants: Array<VariantRow & { handling_days: number | null }>
}

/** Reais, or null. */
export type OrderApiPricesAnswer = { api_prices: Array<{ shipping_method_id: string; api_amount: number | null }> }

export type TrackingOrderStatus = "pending" | "sending" | "created" | "failed"

export type TrackingOrdersAnswer<TrackingOrder = unknown> = { tracking_orders: TrackingOrder[] }

export type FailedTrackingOrdersAnswer<TrackingOrder = unknown> = TrackingOrdersAnswer<TrackingOrder> & Page

export type TrackingOrderAnswer<TrackingOrder = unknown> = { tracking_order: TrackingOrder }

/** `changed_fields`: those that differ from what was built at shipment. */
export type ResendPreviewAnswer<TrackingOrder = unknown> = TrackingOrderAnswer<TrackingOrder> & {
  preview: { payload: Record<string, unknown>; omitted_fields: FieldReason[]; changed_fields: string[] }
}

/** `resend_maybe_created`: those of `ids` the merchant confirmed after being told the service may have created them. */
export type BulkResendRequest =
  { ids: string[]; resend_maybe_created?: string[] } | { failed_since: string; failed_until?: string }

export type BulkResendOutcome =
  TrackingOrderStatus | "queued" | "not_found" | "already_created" | "in_progress" | "unreadable" | "maybe_created"

export type BulkResendAnswer<TrackingOrder = unknown> = {
  results: Array<{ id: string; outcome: BulkResendOutcome; message: string | null; tracking_order?: TrackingOrder }>
  remaining: number
}

export const STATS_RANGES = ["24h", "7d", "30d"] as const
export type StatsRange = (typeof STATS_RANGES)[number]

/** Metrics and keys: docs/admin.md (`GET /admin/frete/stats`). */
export type StatsRow = { at: string; metric: string; key: string; count: number; total: number }

/** Buckets with no data are left out. */
export type FreightStats = {
  range: StatsRange
  bucket: "hour" | "day"
  since: string
  until: string
  rows: StatsRow[]
  tracking: { created: number; failed: number; waiting: number }
}

/** How a new freight query was answered: `learned` and `table` are estimates. */
export const OUTCOMES = ["api", "kept", "learned", "table", "refused", "failed"] as const
export type Outcome = (typeof OUTCOMES)[number]

export const ERROR_KINDS = ["timeout", "network", "server", "rejected", "bad_answer", "circuit_open", "other"] as const

const LATENCY_MS = ["50", "100", "200", "300", "500", "750", "1000", "1500", "2000", "3000", "5000", "10000"] as const
export const LATENCY_BOUNDS = [...LATENCY_MS, "inf"] as const
export type LatencyBound = (typeof LATENCY_BOUNDS)[number]

/** `learned_error` keys: the learned price's distance from the API's, in percent, at most this; its total sums them. */
export const LEARNED_ERROR_BOUNDS = ["5", "10", "20", "50", "inf"] as const
export type LearnedErrorBound = (typeof LEARNED_ERROR_BOUNDS)[number]

/** `POST /admin/frete/simulate`: a cart of these items to this CEP. `ask_api`: spend a freight call; else none. */
export type SimulateRequest = {
  postal_code: string
  items: Array<{ variant_id: string; quantity: number }>
  /** Left out: every sales channel the items are sold in. */
  sales_channel_id?: string
  ask_api?: boolean
}

/** A price of one option; reais. `estimated_from`: null for the API's own. */
export type SimulatedPrice = {
  service: string
  service_name: string
  carrier: string | null
  amount: number
  days: number | null
  delivery_estimate: string | null
  estimated_from: "learned" | "table" | null
}

/**
 * A setting that changed a price, a deadline or the offer, in the order the plugin applies it: the items' handling
 * days (sent as prazo_adicional), each rule of `rules` that changed a service this option could pick (`index` in
 * `rules`, `services` it changed), the disabled and renamed services, the option's pick.
 */
export type AppliedSetting =
  | { setting: "handling_days"; days: number; skus: string[]; metadata_key: string }
  | { setting: "rule"; index: number; name: string; action: { type: string; value?: number }; services: string[] }
  | { setting: "service_disabled"; service: string; name: string }
  | { setting: "service_renamed"; service: string; name: string; display_name: string }
  /** `service`: the one picked in what checkout charges now (the API's answer, else the estimate). */
  | { setting: "option_pick"; pick: string; service: string | null }

/**
 * The API's side of one option: `answered` (now or within the cache's minutes), `kept` (an older answer kept for this
 * cart, as checkout uses while the API fails), `not_offered` (the API priced no service this option picks),
 * `unavailable` (checkout charges the estimate), `cep_not_served`, or `not_asked`.
 */
export type SimulatedApiStatus = "not_asked" | "answered" | "kept" | "not_offered" | "unavailable" | "cep_not_served"

export type SimulatedOption = {
  option_id: string
  name: string
  /** What the freight query sends for this option's items (the handling days), and what the rules read of the cart. */
  sent: { prazo_adicional: number; subtotal: number; weight_kg: number; state: string | null }
  applied: AppliedSetting[]
  api: { status: SimulatedApiStatus; message: string | null; price: SimulatedPrice | null }
  /** What checkout charges while the API cannot answer: the learned prices, else the table. */
  estimate: SimulatedPrice | null
  table: SimulatedPrice | null
}

/** Every option of the plugin Medusa lists for that cart and CEP, in its order. */
export type SimulateAnswer = { postal_code: string; asked_api: boolean; options: SimulatedOption[] }
