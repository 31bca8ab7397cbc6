import { describeServiceError } from "../describe-service-error"
import { InvalidAnswerError, InvalidCredentialsError, NetworkError, TimeoutError, TrackingRejectedError } from "../errors"
import { InvalidTrackingOrderError, TrackingNotConfiguredError } from "./client"

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
 * Failures that sending again cannot fix end the tracking order as `failed`, with a reason the
 * merchant reads in the admin (pt-BR, worded by `describeServiceError`); the rest are retried
 * until `giveUpAfterMs`.
 *
 * The tracking API has no idempotency key and no way to look an order up. When the request may
 * have reached it (a timeout or a dropped connection after sending, an unreadable 200), sending it
 * again could create a second tracking order and notify the shopper twice: such an order is
 * `failed` for the merchant to check, never retried on its own.
 */
export function decideAfterFailure(error: unknown, attempts: number, ageMs: number, policy: RetryPolicy): DeliveryDecision {
  const detail = describeServiceError(error, "tracking-attempt")
  if (error instanceof InvalidCredentialsError || error instanceof TrackingRejectedError || error instanceof InvalidTrackingOrderError) {
    return { kind: "fail", reason: detail }
  }
  const maybeCreated =
    ((error instanceof TimeoutError || error instanceof NetworkError) && error.outcomeUnknown) || error instanceof InvalidAnswerError
  if (maybeCreated) {
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
