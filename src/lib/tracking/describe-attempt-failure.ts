import { InvalidAnswerError, InvalidCredentialsError, NetworkError, QuotaExceededError, ServerError, TimeoutError } from "../http/errors"
import { InvalidTrackingOrderError, TrackingNotConfiguredError, TrackingRejectedError } from "./errors"

/**
 * A tracking order's last error after an attempt, in words the merchant reads in the admin
 * (pt-BR); the delivery policy puts it in the row's reason. Whether the order may have reached the
 * service matters there, so a timeout or a dropped connection is worded by what was sent. Most are
 * a clause with no final period, for the reason to go on from. The technical detail (English,
 * redacted) stays in the error's message, for the server's log.
 */
export function describeAttemptFailure(error: unknown): string {
  if (error instanceof InvalidCredentialsError) {
    return `O serviço de rastreamento recusou a credencial (HTTP ${error.status}). Corrija a credencial e reenvie.`
  }
  if (error instanceof TrackingRejectedError) {
    return `O serviço de rastreamento recusou o pedido: ${error.serviceMessage ?? `HTTP ${error.status}`}`
  }
  if (error instanceof QuotaExceededError) {
    return "o serviço avisa que o limite do plano foi atingido (HTTP 429)"
  }
  if (error instanceof TimeoutError) {
    return error.outcomeUnknown
      ? "o serviço não respondeu dentro do prazo depois de receber o pedido"
      : "não foi possível conectar ao serviço dentro do prazo; nada foi enviado"
  }
  if (error instanceof NetworkError) {
    return error.outcomeUnknown ? "a conexão caiu depois do envio" : "não foi possível conectar ao serviço"
  }
  if (error instanceof ServerError) {
    return `o serviço falhou (HTTP ${error.status})`
  }
  if (error instanceof InvalidAnswerError) {
    return "o serviço respondeu algo que não é JSON no formato documentado"
  }
  if (error instanceof TrackingNotConfiguredError) {
    return "o serviço de rastreamento não está configurado: informe a URL e a credencial"
  }
  if (error instanceof InvalidTrackingOrderError) {
    return `Pedido de rastreamento inválido: ${error.issues.join("; ")}`
  }
  return "Erro inesperado ao falar com o serviço de rastreamento"
}
