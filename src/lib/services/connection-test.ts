import { FreightNotConfiguredError } from "../freight/errors"
import {
  byDisplayOrder,
  offersFromQuote,
  overlappingOptions,
  serviceAsOffered,
  type ProviderOption,
} from "../checkout/offers"
import { FreightClient } from "../freight/client"
import { CepNotFoundError, FreightQueryRejectedError } from "../freight/errors"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../http/errors"
import type { FreteLogger } from "../utils/logger"
import type { FreteSettings } from "../settings/schema"
import { TrackingClient } from "../tracking/client"
import { TrackingRejectedError } from "../tracking/errors"

export type ConnectionTestResult = Awaited<ReturnType<typeof testConnection>>

export type ConnectionTestRequest = {
  originCep: string
  destinationCep: string
  freight: { url?: string; token?: string }
  tracking: { url?: string; credential?: string }
  options?: ProviderOption[]
}
type InForce = Record<"freight" | "tracking", { url?: string; secret?: string }>
type Context = {
  settings: FreteSettings
  timeouts: Record<"freight" | "tracking", { timeoutMs: number }>
  logger?: FreteLogger
}

export function describeServiceError(error: unknown, context: "frete" | "rastreamento"): string {
  const name = `O serviço de ${context}`
  if (error instanceof InvalidCredentialsError)
    return `${name} recusou ${context === "frete" ? "o token" : "a credencial"} (HTTP ${error.status}).`
  if (error instanceof CepNotFoundError)
    return `${name} não conhece o CEP de ${error.which === "origin" ? "origem" : "destino"}.`
  if (error instanceof FreightQueryRejectedError)
    return `${name} recusou a consulta: ${error.errorName}${error.serviceMessage ? ` (${error.serviceMessage})` : ""}.`
  if (error instanceof TrackingRejectedError)
    return `${name} recusou o pedido: ${error.serviceMessage ?? `HTTP ${error.status}`}.`
  if (error instanceof QuotaExceededError)
    return `${name} avisa que o limite de consultas do plano foi atingido (HTTP 429).`
  if (error instanceof TimeoutError) return `${name} não respondeu a tempo.`
  if (error instanceof NetworkError) return `Não foi possível conectar ao serviço de ${context}. Confira a URL.`
  if (error instanceof ServerError) return `${name} falhou (HTTP ${error.status}).`
  if (error instanceof InvalidAnswerError) return `${name} respondeu algo que não é uma resposta válida: confira a URL.`
  if (error instanceof FreightNotConfiguredError) return "Informe a URL e o token do serviço de frete."
  return `Erro inesperado ao falar com o serviço de ${context}.`
}

const sameUrl = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "")

/** A saved secret never goes to an address it was not configured for: another URL is tested with its secret typed. */
export function secretPairingIssues({ freight, tracking }: ConnectionTestRequest, inForce: InForce) {
  const issues: Array<{ field: string; message: string }> = []
  if (freight.url && !freight.token && !sameUrl(freight.url, inForce.freight.url)) {
    const message =
      "Para testar outra URL de frete, digite também o token: o token salvo só é enviado à URL configurada com ele."
    issues.push({ field: "freight_token", message })
  }
  if (tracking.url && !tracking.credential && !sameUrl(tracking.url, inForce.tracking.url)) {
    const message =
      "Para testar outra URL de rastreamento, digite também a credencial: a credencial salva só é enviada à URL configurada com ela."
    issues.push({ field: "tracking_credential", message })
  }
  return issues
}

/** The URLs and secrets typed, else those in force (`secretPairingIssues` checked first). */
export async function testConnection(request: ConnectionTestRequest, inForce: InForce, context: Context) {
  const [freight, tracking] = await Promise.all([
    testFreight(request, inForce.freight, context),
    testTracking(request.tracking, inForce.tracking, context),
  ])
  return { freight, tracking }
}

const NO_SERVICES = { services: [], overlaps: [] }

/** A sample quote: one default package worth R$ 100 between the two CEPs. */
async function testFreight(request: ConnectionTestRequest, inForce: InForce["freight"], context: Context) {
  const [url, token] = [request.freight.url || inForce.url, request.freight.token || inForce.secret]
  const failed = (error: unknown) => ({ ok: false, message: describeServiceError(error, "frete"), ...NO_SERVICES })
  if (!url || !token) return failed(new FreightNotConfiguredError())
  const { settings, timeouts, logger } = context
  const client = new FreightClient({ url, token, timeoutMs: timeouts.freight.timeoutMs, connections: 1, logger })
  try {
    const box = settings.default_package
    const volume = { weightKg: box.weight_kg, lengthCm: box.length_cm, widthCm: box.width_cm, heightCm: box.height_cm }
    const quote = await client.quote({
      originCep: request.originCep,
      destinationCep: request.destinationCep,
      invoiceValue: 100,
      volumes: [{ sku: "TESTE", quantity: 1, price: 100, ...volume }],
    })
    const asOffered = serviceAsOffered(settings)
    const services = quote.quotations
      .map((quotation) => ({
        service: quotation.service,
        ...asOffered(quotation),
        api_name: quotation.serviceName,
        carrier: quotation.carrier,
        amountCents: quotation.priceCents,
        days: quotation.days,
      }))
      .sort(byDisplayOrder(settings))
      .map(({ amountCents, ...service }) => ({ ...service, amount: amountCents / 100 }))
    const overlaps = overlappingOptions(request.options ?? [], offersFromQuote(quote, settings, new Date()))
    const message = services.length ? null : "O serviço respondeu, mas sem nenhuma cotação para esses CEPs."
    return { ok: true, services, message, overlaps }
  } catch (error) {
    return failed(error)
  } finally {
    await client.close()
  }
}

/** The tracking API can only tell a refused credential: it has no read operation. */
async function testTracking(
  typed: ConnectionTestRequest["tracking"],
  inForce: InForce["tracking"],
  { timeouts, logger }: Context
): Promise<{ ok: boolean | null; message: string }> {
  const [url, credential] = [typed.url || inForce.url, typed.credential || inForce.secret]
  if (!url || !credential) return { ok: null, message: "Rastreamento não configurado: informe a URL e a credencial." }
  const client = new TrackingClient({ url, credential, timeoutMs: timeouts.tracking.timeoutMs, connections: 1, logger })
  try {
    await client.probe()
    return { ok: true, message: "O serviço de rastreamento respondeu e não recusou a credencial." }
  } catch (error) {
    return { ok: false, message: describeServiceError(error, "rastreamento") }
  } finally {
    await client.close()
  }
}
