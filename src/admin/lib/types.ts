/** Types of the admin API read from the server's own code, types only; the wire's shapes: src/lib/admin-contract.ts. */
import type { z } from "zod"
import type { BulkResendAnswer, SecretsPatch, SettingsAnswer } from "../../lib/admin-contract"
import type { freteSettingsSchema } from "../../lib/settings/schema"
import type { GuardStats } from "../../lib/checkout/quote-admission"
import type { presentTrackingOrder } from "../../api/admin/frete/tracking-orders/present"
import type { ConnectionTestResult } from "../../lib/services/connection-test"

/** The merchant's settings as the server sends them: what its schema gives, read as types only (no zod in the bundle). */
export type FreteSettings = z.output<typeof freteSettingsSchema>

export type FreteRule = FreteSettings["rules"][number]

export type RuleActionType = FreteRule["action"]["type"]

export type OptionOrder = FreteSettings["option_order"]

export type ServiceSetting = FreteSettings["services"][number]

export type DefaultPackage = FreteSettings["default_package"]

export type FallbackService = FreteSettings["fallback"][number]

export type TrackingSettings = FreteSettings["tracking"]

/** What the quota guard refused on the instance that answered, and how those queries were answered. */
export type QuoteGuardFigures = GuardStats

export type SettingsResponse = SettingsAnswer<FreteSettings, QuoteGuardFigures>

/**
 * A value as the form sends it: numbers typed by the merchant may be empty or not numbers (null,
 * or the text as typed where a blank is a value of its own), texts are as typed (a UF the schema
 * does not list), and the server's validation names the field.
 */
export type Draft<T> = T extends number
  ? number | string | null
  : T extends string
    ? string
    : T extends Array<infer Item>
      ? Array<Draft<Item>>
      : T extends object
        ? { [Key in keyof T]: Draft<T[Key]> }
        : T

/** A rule as the form sends it: the action's type and its value, which the server checks as a pair. */
export type RulePatch = Omit<Draft<FreteRule>, "action"> & {
  action: { type: RuleActionType; value?: number | string | null }
}

export type SettingsPatch = Partial<Omit<Draft<FreteSettings>, "rules">> & {
  rules?: RulePatch[]
  secrets?: SecretsPatch
}

/** What "Testar conexão" answers: the server's own type, types only (erased from the admin's bundle). */
export type TestConnectionResponse = ConnectionTestResult

/** A service of "Testar conexão", as checkout shows it: the merchant's name, and whether it is offered. */
export type QuotedService = TestConnectionResponse["freight"]["services"][number]

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

/** A failed tracking order of the bulk resend's list: `failed_at` is when it failed (null only for a row an older server sent without it). */
export type FailedTrackingOrder = TrackingOrder

export type BulkResendResponse = BulkResendAnswer<TrackingOrder>

/** A fulfillment provider of the store, as `GET /admin/fulfillment-providers` lists it. */
export type StoreFulfillmentProvider = { id: string; is_enabled: boolean }
