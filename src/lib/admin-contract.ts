// What crosses the wire between the plugin's admin routes (`/admin/frete/*`) and the admin. The admin's build takes
// this file as it is: no import here. The routes' answers `satisfies` these types; where an answer holds a type of the
// server's (the settings, a tracking order), it is a parameter, which the admin fills with that type as JSON makes it.

/** A validation issue: `field` is a dotted path ("fallback.0.bands.1.price"). */
export type FieldIssue = { field: string; message: string }

/** "option": set in medusa-config or the environment, which wins over the admin. */
export type CredentialSource = "option" | "settings" | null

export type ServiceCredentials = {
  url: string | null
  url_source: CredentialSource
  secret_set: boolean
  secret_source: CredentialSource
  /**
   * A secret is set, but not for the URL in force: it is not sent there. One saved in the admin
   * (`secret_source: "settings"`) must then be typed again: it was saved for another URL, or it
   * can no longer be opened (its URL or ciphertext changed in the database, or the encryption key).
   */
  secret_withheld: boolean
}

/** Where each credential comes from; never a secret. */
export type Credentials = { encryption_available: boolean; freight: ServiceCredentials; tracking: ServiceCredentials }

/** An origin CEP the freight API does not know (erro_id 101), with the merchant's message. */
export type OriginProblem = { cep: string; message: string; seen_at: string }

/** `GET` and `POST /admin/frete/settings`: `Settings` is the settings schema's output, `GuardFigures` the guard's. */
export type SettingsAnswer<Settings = unknown, GuardFigures = unknown> = {
  settings: Settings
  credentials: Credentials
  origin_problem: OriginProblem | null
  /** What the quota guard refused on the instance that answered, and how those queries were answered. */
  quote_guard: GuardFigures | null
  /** Stored fields that no longer passed the schema, back at their default until the next save ("extra_days"). */
  repaired_fields: string[]
}

/** `secrets` of `POST /admin/frete/settings`: a string replaces the stored secret, null clears it, no key keeps it. */
export type SecretsPatch = { freight_token?: string | null; tracking_credential?: string | null }

/** `POST /admin/frete/test-connection`; a URL or secret left out (or blank) is the one in force. */
export type TestConnectionRequest = {
  origin_cep: string
  destination_cep: string
  freight_url?: string | null
  freight_token?: string | null
  tracking_url?: string | null
  tracking_credential?: string | null
}

export type MissingMeasure = "weight" | "length" | "width" | "height"

export type ProductMissingDimensions = {
  id: string
  title: string
  thumbnail: string | null
  variants: Array<{ id: string; title: string | null; sku: string | null; missing: MissingMeasure[] }>
}

/** `GET /admin/frete/products-missing-dimensions?limit=&offset=`. */
export type ProductsMissingDimensionsAnswer = {
  products: ProductMissingDimensions[]
  count: number
  limit: number
  offset: number
}

/** `GET` and `POST /admin/frete/products/:id/handling-days`. */
export type ProductHandlingDays = {
  metadata_key: string
  handling_days: number | null
  variants: Array<{ id: string; title: string | null; sku: string | null; handling_days: number | null }>
}

/** `GET /admin/frete/orders/:id/api-price`: each table-priced shipping method's API price now (reais), or null. */
export type OrderApiPricesAnswer = { api_prices: Array<{ shipping_method_id: string; api_amount: number | null }> }

export type TrackingOrderStatus = "pending" | "sending" | "created" | "failed"

/** `GET /admin/frete/tracking-orders?order_id=`. */
export type TrackingOrdersAnswer<TrackingOrder = unknown> = { tracking_orders: TrackingOrder[] }

/** `GET /admin/frete/tracking-orders?status=failed&limit=&offset=`: the latest failure first. */
export type FailedTrackingOrdersAnswer<TrackingOrder = unknown> = TrackingOrdersAnswer<TrackingOrder> & {
  count: number
  limit: number
  offset: number
}

/** `POST /admin/frete/tracking-orders/:id/retry`. */
export type TrackingOrderAnswer<TrackingOrder = unknown> = { tracking_order: TrackingOrder }

/** What "Reenviar" would send now: rebuilt from the order's current data, CPF, phone and e-mail masked. */
export type ResendPreview = {
  payload: Record<string, unknown>
  omitted_fields: Array<{ field: string; reason: string }>
  /** Fields that differ from what was built at shipment. */
  changed_fields: string[]
}

/** `GET /admin/frete/tracking-orders/:id/preview`. */
export type ResendPreviewAnswer<TrackingOrder = unknown> = TrackingOrderAnswer<TrackingOrder> & {
  preview: ResendPreview
}

/**
 * `POST /admin/frete/tracking-orders/retry`. `resend_maybe_created`: those of `ids` the merchant confirmed, told the
 * service may already have created them.
 */
export type BulkResendRequest =
  { ids: string[]; resend_maybe_created?: string[] } | { failed_since: string; failed_until?: string }

/** What came of one row of a bulk resend: its status after the attempt, or why none was made. */
export type BulkResendOutcome =
  TrackingOrderStatus | "queued" | "not_found" | "already_created" | "in_progress" | "unreadable" | "maybe_created"

/** `remaining`: failed rows of the period left. */
export type BulkResendAnswer<TrackingOrder = unknown> = {
  results: Array<{ id: string; outcome: BulkResendOutcome; message: string | null; tracking_order?: TrackingOrder }>
  remaining: number
}

export const STATS_RANGES = ["24h", "7d", "30d"] as const
export type StatsRange = (typeof STATS_RANGES)[number]

/**
 * One aggregated figure: `at` is an hour's ISO instant ("hour") or a São Paulo date ("day"). Metrics: `quote` (key
 * "<channel>:<outcome>"), `api_ms` (key a latency bound), `api_error` (key an error kind), and the orders by service
 * (key the service): `order`, `order_days`, `order_fallback`, `free`.
 */
export type StatsRow = { at: string; metric: string; key: string; count: number; total: number }

/** `GET /admin/frete/stats?range=`: the range's buckets (those with no data left out), and its tracking orders. */
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

/** The answer time histogram's upper bounds in ms. */
export const LATENCY_BOUNDS = [
  "50",
  "100",
  "200",
  "300",
  "500",
  "750",
  "1000",
  "1500",
  "2000",
  "3000",
  "5000",
  "10000",
  "inf",
] as const
export type LatencyBound = (typeof LATENCY_BOUNDS)[number]
