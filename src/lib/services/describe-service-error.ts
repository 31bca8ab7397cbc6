import { FreightNotConfiguredError } from "../checkout/checkout-quoter"
import { CepNotFoundError, FreightQueryRejectedError } from "../freight/errors"
import { InvalidAnswerError, InvalidCredentialsError, NetworkError, QuotaExceededError, ServerError, TimeoutError } from "../http/errors"
import { TrackingRejectedError } from "../tracking/errors"

/** Which connection test the merchant reads the message in: one sentence for that service. */
export type ServiceErrorContext = "frete" | "rastreamento"

/**
 * A failure of the admin's connection test, in words a merchant reads there (pt-BR): the one place
 * that words each error class for it (a tracking order's attempt has its own wording, in
 * tracking/describe-attempt-failure.ts). The technical detail (English, redacted) is in the error's
 * message, for the server's log.
 */
export function describeServiceError(error: unknown, context: ServiceErrorContext): string {
  const name = `O serviço de ${context}`

  if (error instanceof InvalidCredentialsError) {
    return `${name} recusou ${context === "frete" ? "o token" : "a credencial"} (HTTP ${error.status}).`
  }
  if (error instanceof CepNotFoundError) {
    return `${name} não conhece o CEP de ${error.which === "origin" ? "origem" : "destino"}.`
  }
  if (error instanceof FreightQueryRejectedError) {
    return `${name} recusou a consulta: ${error.errorName}${error.serviceMessage ? ` (${error.serviceMessage})` : ""}.`
  }
  if (error instanceof TrackingRejectedError) {
    return `${name} recusou o pedido: ${error.serviceMessage ?? `HTTP ${error.status}`}.`
  }
  if (error instanceof QuotaExceededError) {
    return `${name} avisa que o limite de consultas do plano foi atingido (HTTP 429).`
  }
  if (error instanceof TimeoutError) {
    return `${name} não respondeu a tempo.`
  }
  if (error instanceof NetworkError) {
    return `Não foi possível conectar ao serviço de ${context}. Confira a URL.`
  }
  if (error instanceof ServerError) {
    return `${name} falhou (HTTP ${error.status}).`
  }
  if (error instanceof InvalidAnswerError) {
    return `${name} respondeu algo que não é uma resposta válida: confira a URL.`
  }
  if (error instanceof FreightNotConfiguredError) {
    return "Informe a URL e o token do serviço de frete."
  }
  return `Erro inesperado ao falar com o serviço de ${context}.`
}
