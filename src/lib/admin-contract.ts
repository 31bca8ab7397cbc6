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

/** How a new freight query was answered. */
export const OUTCOMES = ["api", "kept", "table", "refused", "failed"] as const
export type Outcome = (typeof OUTCOMES)[number]

export const ERROR_KINDS = ["timeout", "network", "server", "rejected", "bad_answer", "circuit_open", "other"] as const

const LATENCY_MS = ["50", "100", "200", "300", "500", "750", "1000", "1500", "2000", "3000", "5000", "10000"] as const
export const LATENCY_BOUNDS = [...LATENCY_MS, "inf"] as const
export type LatencyBound = (typeof LATENCY_BOUNDS)[number]
