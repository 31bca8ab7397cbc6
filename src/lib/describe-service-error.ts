import { FreightNotConfiguredError } from "./checkout/checkout-quoter"
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
} from "./errors"

/** A failure to talk to a service, in words a merchant reads in the admin (pt-BR). */
export function describeServiceError(error: unknown, service: "frete" | "rastreamento"): string {
  const name = `O serviço de ${service}`
  if (error instanceof InvalidCredentialsError) {
    return `${name} recusou ${service === "frete" ? "o token" : "a credencial"} (HTTP ${error.status}).`
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
    return `Não foi possível conectar ao serviço de ${service}. Confira a URL.`
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
  return `Erro inesperado ao falar com o serviço de ${service}.`
}
