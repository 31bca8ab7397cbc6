import type { FreteOptions } from "../../../medusa-plugin.config"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../http/errors"
import { InvalidTrackingOrderError, TrackingRejectedError } from "./errors"

type RetryPolicy = FreteOptions["tracking"]["retry"]

// Reasons are the merchant's; the technical detail (redacted) stays in the error's message, for the log.
const NOT_CONFIGURED_REASON =
  "Rastreamento não configurado: o pedido será enviado assim que a URL e a credencial do serviço de rastreamento forem informadas."

const maybeCreatedReason = (detail: string) =>
  `Sem resposta legível do serviço de rastreamento depois do envio (${detail}). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.`

/** The process stopped during the call (its lease ran out): like a timeout, the service may have the order. */
export const INTERRUPTED_REASON = maybeCreatedReason(
  "a tentativa foi interrompida durante o envio: o servidor parou antes de registrar a resposta"
)

/** `maybeCreated`: the call may have reached the service and created the order; a resend must be asked for by name. */
export type DeliveryDecision =
  { kind: "retry"; reason: string; delayMs: number } | { kind: "fail"; reason: string; maybeCreated?: boolean }

/** Wait before attempt `attempts + 1`: base × 2^(attempts − 1), capped, ±20% jitter. */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

/** The request never left the process, or the service refused it (429, 503); a proxy's 502 or 504 may hide a 500. */
export function certainlyNotActed(error: unknown): boolean {
  if (error instanceof TimeoutError || error instanceof NetworkError) return !error.outcomeUnknown
  return error instanceof QuotaExceededError || (error instanceof ServerError && error.status === 503)
}

export function describeAttemptFailure(error: unknown): string {
  if (error instanceof InvalidCredentialsError)
    return `O serviço de rastreamento recusou a credencial (HTTP ${error.status}). Corrija a credencial e reenvie.`
  if (error instanceof TrackingRejectedError)
    return `O serviço de rastreamento recusou o pedido: ${error.serviceMessage ?? `HTTP ${error.status}`}`
  if (error instanceof QuotaExceededError) return "o serviço avisa que o limite do plano foi atingido (HTTP 429)"
  if (error instanceof TimeoutError) {
    return error.outcomeUnknown
      ? "o serviço não respondeu dentro do prazo depois de receber o pedido"
      : "não foi possível conectar ao serviço dentro do prazo; nada foi enviado"
  }
  if (error instanceof NetworkError)
    return error.outcomeUnknown ? "a conexão caiu depois do envio" : "não foi possível conectar ao serviço"
  if (error instanceof ServerError) return `o serviço falhou (HTTP ${error.status})`
  if (error instanceof InvalidAnswerError) return "o serviço respondeu algo que não é JSON no formato documentado"
  if (error instanceof InvalidTrackingOrderError) return `Pedido de rastreamento inválido: ${error.issues.join("; ")}`
  return "Erro inesperado ao falar com o serviço de rastreamento"
}

const REFUSALS = [InvalidCredentialsError, TrackingRejectedError, InvalidTrackingOrderError]

// The tracking API has no idempotency key and no lookup: an ending that may come after the order was created is
// `failed`, never retried on its own (a second order would notify the shopper twice).
export function decideAfterFailure(
  error: unknown,
  attempts: number,
  ageMs: number,
  policy: RetryPolicy
): DeliveryDecision {
  const detail = describeAttemptFailure(error)
  if (REFUSALS.some((Refusal) => error instanceof Refusal)) return { kind: "fail", reason: detail }
  if (!certainlyNotActed(error)) return { kind: "fail", reason: maybeCreatedReason(detail), maybeCreated: true }
  return retryUntilGiveUp(detail, attempts, ageMs, policy)
}

const NOT_CONFIGURED = "o serviço de rastreamento não está configurado: informe a URL e a credencial"
const UNBUILT = "não foi possível montar o pedido com os dados do Medusa; nada foi enviado"

/** Asked again at the first delay: it goes out within that delay of the merchant saving the URL and credential. */
export function decideWhileNotConfigured(ageMs: number, policy: RetryPolicy): DeliveryDecision {
  if (ageMs < policy.giveUpAfterMs)
    return { kind: "retry", reason: NOT_CONFIGURED_REASON, delayMs: retryDelayMs(1, policy) }
  return retryUntilGiveUp(NOT_CONFIGURED, 1, ageMs, policy)
}

export const decideAfterUnbuiltOrder = (attempts: number, ageMs: number, policy: RetryPolicy) =>
  retryUntilGiveUp(UNBUILT, attempts, ageMs, policy)

function retryUntilGiveUp(detail: string, attempts: number, ageMs: number, policy: RetryPolicy): DeliveryDecision {
  if (ageMs >= policy.giveUpAfterMs)
    return { kind: "fail", reason: `Não foi possível entregar depois de ${attempts} tentativas: ${detail}` }
  const reason = `Falha temporária na tentativa ${attempts}: ${detail}`
  return { kind: "retry", reason, delayMs: retryDelayMs(attempts, policy) }
}
