import { z } from "zod"
import type { BulkResendRequest as BulkResendSent } from "../../../../lib/admin-contract"
import { isPlainObject as isRecord, isStorableText } from "../../../../lib/settings/schema"
import { validated } from "../../../lib/validated"

/** Text Postgres can compare: a NUL would make the query fail. */
const isPossibleId = (value: string) => value.length <= 200 && isStorableText(value)

export const TrackingOrdersQuery = z.object({
  order_id: z
    .string({ error: "Informe o pedido: order_id." })
    .trim()
    .min(1, "Informe o pedido: order_id.")
    .refine(isPossibleId, "Pedido inválido: order_id."),
})

const pageNumber = (name: string, fallback: number, max: number) => {
  const integer = `${name} inválido: use um número inteiro.`
  return z.coerce
    .number({ error: integer })
    .int(integer)
    .min(0, `${name} inválido: no mínimo 0.`)
    .max(max, `${name} inválido: no máximo ${max}.`)
    .default(fallback)
}

const FailedTrackingOrdersQuery = z.object({
  status: z.literal("failed", { error: "Só é possível listar por status os que falharam: status=failed." }),
  limit: pageNumber("limit", 20, 100),
  offset: pageNumber("offset", 0, 1_000_000),
})

export type TrackingOrdersListQuery = z.output<typeof TrackingOrdersQuery> | z.output<typeof FailedTrackingOrdersQuery>

/** `?order_id=`, or the failed rows' page (`?status=failed`). */
export const TRACKING_ORDERS_QUERY = validated<TrackingOrdersListQuery>((query) =>
  isRecord(query) && query.order_id === undefined && query.status !== undefined
    ? FailedTrackingOrdersQuery
    : TrackingOrdersQuery
)

export const BULK_RESEND_MAX = 100
const MAX_PERIOD_MS = 31 * 86_400_000

const instant = (name: string) => {
  const message = `${name} inválido: use uma data e hora ISO 8601, como 2026-11-24T08:00:00Z.`
  // Years 1 to 9999 only: Postgres refuses a date before its range ("-010000-01-01T00:00:00Z" parses in JavaScript).
  const year = (value: string) => new Date(value).getUTCFullYear()
  return z
    .string({ error: message })
    .refine((value) => value.length <= 40 && year(value) >= 1 && year(value) <= 9999, message)
    .transform((value) => new Date(value))
}

const strict = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `Campo desconhecido: ${(issue.keys ?? []).join(", ")}.` : undefined,
}

const trackingOrderIds = (name: string) =>
  z
    .array(z.string({ error: "Cada id deve ser um texto." }).refine(isPossibleId, "Id inválido."), {
      error: `${name} deve ser uma lista de pedidos de rastreamento.`,
    })
    .max(BULK_RESEND_MAX, `No máximo ${BULK_RESEND_MAX} pedidos de rastreamento por vez.`)
    .transform((ids) => [...new Set(ids)])

// The objects' checks take any shape: zod runs them after a field's issue too.
const IdsBody = z
  .strictObject(
    {
      ids: trackingOrderIds("ids").refine(
        (ids) => ids.length > 0,
        "Informe ao menos um pedido de rastreamento em ids."
      ),
      // Named one by one, after the admin said why: the service may already have created these.
      resend_maybe_created: trackingOrderIds("resend_maybe_created").optional(),
    },
    strict
  )
  .refine(
    ({ ids, resend_maybe_created: named }: { ids: unknown; resend_maybe_created?: unknown }) =>
      !Array.isArray(ids) || !Array.isArray(named) || named.every((id) => ids.includes(id)),
    "Cada id de resend_maybe_created deve estar também em ids."
  )

/** Null while a bound is not a date. */
function periodMs({ failed_since, failed_until }: { failed_since: unknown; failed_until?: unknown }): number | null {
  const until = failed_until ?? new Date()
  return failed_since instanceof Date && until instanceof Date ? until.getTime() - failed_since.getTime() : null
}

const PeriodBody = z
  .strictObject(
    {
      failed_since: instant("failed_since"),
      failed_until: instant("failed_until").optional(),
      resend_maybe_created: z
        .never(
          "resend_maybe_created vale só com ids: nomeie os pedidos de rastreamento que o serviço pode já ter criado."
        )
        .optional(),
    },
    strict
  )
  .refine((period) => (periodMs(period) ?? 1) > 0, "failed_since deve ser antes de failed_until.")
  .refine((period) => (periodMs(period) ?? 0) <= MAX_PERIOD_MS, "O período vai de no máximo 31 dias.")

export type BulkResendRequest = z.output<typeof IdsBody> | z.output<typeof PeriodBody>

/** `ids`, or the failed rows of a period (`failed_until` now when left out). */
export const BULK_RESEND_BODY = validated<BulkResendRequest>(
  (body): z.ZodType<BulkResendRequest, BulkResendSent> | string =>
    isRecord(body) && "ids" in body
      ? IdsBody
      : isRecord(body) && "failed_since" in body
        ? PeriodBody
        : "Informe ids (os pedidos de rastreamento) ou failed_since (o início do período das falhas)."
)

/** The single "Reenviar": `resend_maybe_created: true` confirms a row the service may already have created. */
export const RESEND_BODY = validated(
  z.strictObject(
    {
      resend_maybe_created: z
        .boolean({ error: "resend_maybe_created deve ser true ou false." })
        .optional()
        .default(false),
    },
    { error: (issue) => strict.error(issue) ?? 'Envie um objeto JSON, como { "resend_maybe_created": true }.' }
  )
)
