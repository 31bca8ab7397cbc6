/** Shapes of the plugin's admin API (`/admin/frete/*`), as the server sends them. */
import type { z } from "zod"
import type { freteSettingsSchema } from "../../lib/settings/schema"
import type { GuardStats } from "../../lib/checkout/quote-admission"
import type { presentTrackingOrder } from "../../api/admin/frete/tracking-orders/present"
import type { ConnectionTestResult } from "../../lib/services/connection-test"

/** The merchant's settings as the server sends them: what its schema gives, read as types only (no zod in the bundle). */
export type FreteSettings = z.output<typeof freteSettingsSchema>

export type ExtraPriceType = FreteSettings["extra_price"]["type"]

export type FreeFreightRule = FreteSettings["free_freight_rules"][number]

export type ServiceSetting = FreteSettings["services"][number]

export type DefaultPackage = FreteSettings["default_package"]

export type FallbackService = FreteSettings["fallback"][number]

export type TrackingSettings = FreteSettings["tracking"]

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

export type Credentials = {
  encryption_available: boolean
  freight: ServiceCredentials
  tracking: ServiceCredentials
}

/** An origin CEP the freight API does not know (erro_id 101), with the merchant's message. */
export type OriginProblem = { cep: string; message: string; seen_at: string }

/** What the quota guard refused on the instance that answered, and how those queries were answered. */
export type QuoteGuardFigures = GuardStats

export type SettingsResponse = {
  settings: FreteSettings
  credentials: Credentials
  origin_problem: OriginProblem | null
  quote_guard: QuoteGuardFigures | null
  /** Stored fields that no longer passed the schema, back at their default until the next save ("extra_days"). */
  repaired_fields: string[]
}

/**
 * A value as the form sends it: numbers typed by the merchant may be empty or not numbers
 * (null), texts are as typed (a UF the schema does not list), and the server's validation names
 * the field.
 */
export type Draft<T> = T extends number
  ? number | null
  : T extends string
    ? string
    : T extends Array<infer Item>
      ? Array<Draft<Item>>
      : T extends object
        ? { [Key in keyof T]: Draft<T[Key]> }
        : T

/** A string replaces the stored secret, null clears it, an absent key keeps it. */
export type SecretsPatch = { freight_token?: string | null; tracking_credential?: string | null }

export type SettingsPatch = Partial<Draft<FreteSettings>> & { secrets?: SecretsPatch }

/** A validation issue of the server: `field` is a dotted path ("fallback.0.bands.1.price"). */
export type FieldIssue = { field: string; message: string }

export type TestConnectionRequest = {
  origin_cep: string
  destination_cep: string
  freight_url?: string
  freight_token?: string
  tracking_url?: string
  tracking_credential?: string
}

/** What "Testar conexão" answers: the server's own type, types only (erased from the admin's bundle). */
export type TestConnectionResponse = ConnectionTestResult

/** A service of "Testar conexão", as checkout shows it: the merchant's name, and whether it is offered. */
export type QuotedService = TestConnectionResponse["freight"]["services"][number]

export type MissingMeasure = "weight" | "length" | "width" | "height"

export type ProductMissingDimensions = {
  id: string
  title: string
  thumbnail: string | null
  variants: Array<{ id: string; title: string | null; sku: string | null; missing: MissingMeasure[] }>
}

export type ProductsMissingDimensionsResponse = {
  products: ProductMissingDimensions[]
  count: number
  limit: number
  offset: number
}

/** What JSON makes of a server value: its dates as ISO strings. */
type Json<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Json<U>>
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

/**
 * A tracking order as the admin routes answer it: the presenter's own type, types only (erased
 * from the admin's bundle). Every route of tracking orders answers with this one presenter.
 */
export type TrackingOrder = Json<ReturnType<typeof presentTrackingOrder>>

export type TrackingOrderStatus = TrackingOrder["status"]

/** A failed tracking order of the bulk resend's list: `failed_at` is when it failed (null only for a row an older server sent without it). */
export type FailedTrackingOrder = TrackingOrder

export type FailedTrackingOrdersResponse = {
  tracking_orders: FailedTrackingOrder[]
  count: number
  limit: number
  offset: number
}

/** `resend_maybe_created`: those of `ids` the merchant confirmed, told the service may already have created them. */
export type BulkResendRequest =
  { ids: string[]; resend_maybe_created?: string[] } | { failed_since: string; failed_until?: string }

/** What came of one row of a bulk resend: its status after the attempt, or why none was made. */
export type BulkResendOutcome =
  TrackingOrderStatus | "queued" | "not_found" | "already_created" | "in_progress" | "unreadable" | "maybe_created"

export type BulkResendResponse = {
  results: Array<{ id: string; outcome: BulkResendOutcome; message: string | null; tracking_order?: TrackingOrder }>
  remaining: number
}

/** A fulfillment provider of the store, as `GET /admin/fulfillment-providers` lists it. */
export type StoreFulfillmentProvider = { id: string; is_enabled: boolean }
