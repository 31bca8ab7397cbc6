import { FreightNotConfiguredError } from "../checkout/checkout-quoter"
import {
  CepNotFoundError,
  FreightQueryRejectedError,
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
  TrackingRejectedError,
} from "../http/errors"
import { InvalidTrackingOrderError, TrackingNotConfiguredError } from "../tracking/client"

/**
 * Where the merchant reads the message:
 * - `"frete"` / `"rastreamento"`: the admin's connection test of that service, one sentence;
 * - `"tracking-attempt"`: a tracking order's last error after an attempt, which the delivery
 *   policy puts in its reason. Whether the order may have reached the service matters there,
 *   so a timeout or a dropped connection is worded by what was sent; most are a clause with no
 *   final period, for the reason to go on from.
 */
export type ServiceErrorContext = "frete" | "rastreamento" | "tracking-attempt"

/**
 * A failure to talk to a service, in words a merchant reads in the admin (pt-BR): the one place
 * that words each error class. The technical detail (English, redacted) is in the error's message,
 * for the server's log.
 */
export function describeServiceError(error: unknown, context: ServiceErrorContext): string {
  const attempt = context === "tracking-attempt"
  const service = attempt ? "rastreamento" : context
  const name = `O serviço de ${service}`
  const end = (text: string) => (attempt ? text : `${text}.`)

  if (error instanceof InvalidCredentialsError) {
    const refused = `${name} recusou ${service === "frete" ? "o token" : "a credencial"} (HTTP ${error.status}).`
    return attempt ? `${refused} Corrija a credencial e reenvie.` : refused
  }
  if (error instanceof CepNotFoundError) {
    return end(`${name} não conhece o CEP de ${error.which === "origin" ? "origem" : "destino"}`)
  }
  if (error instanceof FreightQueryRejectedError) {
    return end(`${name} recusou a consulta: ${error.errorName}${error.serviceMessage ? ` (${error.serviceMessage})` : ""}`)
  }
  if (error instanceof TrackingRejectedError) {
    return end(`${name} recusou o pedido: ${error.serviceMessage ?? `HTTP ${error.status}`}`)
  }
  if (error instanceof QuotaExceededError) {
    return attempt
      ? "o serviço avisa que o limite do plano foi atingido (HTTP 429)"
      : `${name} avisa que o limite de consultas do plano foi atingido (HTTP 429).`
  }
  if (error instanceof TimeoutError) {
    if (!attempt) {
      return `${name} não respondeu a tempo.`
    }
    return error.outcomeUnknown
      ? "o serviço não respondeu dentro do prazo depois de receber o pedido"
      : "não foi possível conectar ao serviço dentro do prazo; nada foi enviado"
  }
  if (error instanceof NetworkError) {
    if (!attempt) {
      return `Não foi possível conectar ao serviço de ${service}. Confira a URL.`
    }
    return error.outcomeUnknown ? "a conexão caiu depois do envio" : "não foi possível conectar ao serviço"
  }
  if (error instanceof ServerError) {
    return attempt ? `o serviço falhou (HTTP ${error.status})` : `${name} falhou (HTTP ${error.status}).`
  }
  if (error instanceof InvalidAnswerError) {
    return attempt
      ? "o serviço respondeu algo que não é JSON no formato documentado"
      : `${name} respondeu algo que não é uma resposta válida: confira a URL.`
  }
  if (error instanceof FreightNotConfiguredError) {
    return end("Informe a URL e o token do serviço de frete")
  }
  // Only a tracking order's attempt meets these two: the connection test builds its own client.
  if (attempt && error instanceof TrackingNotConfiguredError) {
    return "o serviço de rastreamento não está configurado: informe a URL e a credencial"
  }
  if (attempt && error instanceof InvalidTrackingOrderError) {
    return `Pedido de rastreamento inválido: ${error.issues.join("; ")}`
  }
  return end(`Erro inesperado ao falar com o serviço de ${service}`)
}
