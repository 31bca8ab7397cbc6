import { InvalidCredentialsError, NetworkError, QuotaExceededError, ServerError, TimeoutError } from "../http/errors"
import { describeAttemptFailure } from "./describe-attempt-failure"
import { InvalidTrackingOrderError, TrackingNotConfiguredError, TrackingRejectedError } from "./errors"

export interface RetryPolicy {
  baseDelayMs: number
  maxDelayMs: number
  giveUpAfterMs: number
}

/** The reason a tracking order waits for the tracking API to be configured (the merchant reads it). */
export const NOT_CONFIGURED_REASON = "Rastreamento não configurado: o pedido será enviado assim que a URL e a credencial do serviço de rastreamento forem informadas."

/** The ending of a call that may have reached the service: the merchant checks its panel first. */
export function maybeCreatedReason(detail: string): string {
  return `Sem resposta legível do serviço de rastreamento depois do envio (${detail}). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.`
}

/**
 * The reason of an attempt whose process stopped during the call (its lease ran out with the
 * row still `sending`): like a timeout, the service may have the order.
 */
export const INTERRUPTED_REASON = maybeCreatedReason("a tentativa foi interrompida durante o envio: o servidor parou antes de registrar a resposta")

/** What to do with a tracking order after a failed attempt. */
export type DeliveryDecision = { kind: "retry"; reason: string; delayMs: number } | { kind: "fail"; reason: string }

/** Wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped, ±20% jitter. */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

/**
 * Whether the tracking service certainly did not act on the request, so that sending it again
 * cannot create a second order: the request never left the process (refused, connect timeout,
 * still queued for a socket: `outcomeUnknown` false), or the service said it did not take it
 * (`429` its plan's limit, `503` unavailable). A `500` ("an error occurred, contact support") may
 * come after the order was made, and a `502` or `504` from a proxy in front of it may hide a
 * service that made it: those are not among these.
 */
export function certainlyNotActed(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) {
    return !error.outcomeUnknown
  }
  return error instanceof QuotaExceededError || (error instanceof ServerError && error.status === 503)
}

/**
 * Failures that sending again cannot fix end the tracking order as `failed`, with a reason the
 * merchant reads in the admin (pt-BR, worded by `describeAttemptFailure`); the ones after which the
 * service certainly did not act are retried until `giveUpAfterMs`.
 *
 * The tracking API has no idempotency key and no way to look an order up. Any other ending (a
 * `500`, `502`, `504`, a timeout or a dropped connection after sending, an unreadable `200`, an
 * error nobody foresaw) may come after the order was created, and sending it again could create a
 * second tracking order and notify the shopper twice: such an order is `failed` for the merchant
 * to check the service's panel, never retried on its own.
 */
export function decideAfterFailure(error: unknown, attempts: number, ageMs: number, policy: RetryPolicy): DeliveryDecision {
  const detail = describeAttemptFailure(error)
  if (error instanceof InvalidCredentialsError || error instanceof TrackingRejectedError || error instanceof InvalidTrackingOrderError) {
    return { kind: "fail", reason: detail }
  }
  const notSent = error instanceof TrackingNotConfiguredError || certainlyNotActed(error)
  if (!notSent) {
    return { kind: "fail", reason: maybeCreatedReason(detail) }
  }
  if (ageMs >= policy.giveUpAfterMs) {
    return { kind: "fail", reason: `Não foi possível entregar depois de ${attempts} tentativas: ${detail}` }
  }
  if (error instanceof TrackingNotConfiguredError) {
    // Nothing was sent and nothing is wrong with the order: asked again at the first delay, every
    // time, so it goes out within that delay of the merchant saving the URL and the credential.
    return { kind: "retry", reason: NOT_CONFIGURED_REASON, delayMs: retryDelayMs(1, policy) }
  }
  return { kind: "retry", reason: `Falha temporária na tentativa ${attempts}: ${detail}`, delayMs: retryDelayMs(attempts, policy) }
}

/** Why an attempt sent nothing: the order's data could not be read or stored in Medusa (the merchant reads it). */
export const UNREADABLE_ORDER_DETAIL = "não foi possível montar o pedido com os dados do Medusa; nada foi enviado"

/**
 * The tracking order could not be built (the order or the fulfillment could not be read): nothing
 * was sent, so it is retried like a request that never left, until `giveUpAfterMs`.
 */
export function decideAfterUnbuiltOrder(attempts: number, ageMs: number, policy: RetryPolicy): DeliveryDecision {
  if (ageMs >= policy.giveUpAfterMs) {
    return { kind: "fail", reason: `Não foi possível entregar depois de ${attempts} tentativas: ${UNREADABLE_ORDER_DETAIL}` }
  }
  return { kind: "retry", reason: `Falha temporária na tentativa ${attempts}: ${UNREADABLE_ORDER_DETAIL}`, delayMs: retryDelayMs(attempts, policy) }
}
