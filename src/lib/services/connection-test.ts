import { FreightNotConfiguredError } from "../checkout/checkout-quoter"
import { byDisplayOrder, offersFromQuote, serviceAsOffered } from "../checkout/offers"
import { overlappingOptions, type ProviderOption } from "../checkout/same-offer"
import { describeServiceError } from "./describe-service-error"
import { FreightClient } from "../freight/client"
import type { FreteLogger } from "../utils/logger"
import type { FreteSettings } from "../settings/schema"
import { TrackingClient } from "../tracking/client"

export interface ConnectionTestInput {
  originCep: string
  destinationCep: string
  freight: { url?: string; token?: string; timeoutMs: number }
  tracking: { url?: string; credential?: string; timeoutMs: number }
  /** The settings in force: the sample's package, and the services as checkout names and offers them. */
  settings: FreteSettings
  /** The store's shipping options of this provider, in the order Medusa lists them. */
  options?: ProviderOption[]
  logger?: FreteLogger
}

export interface ConnectionTestResult {
  freight: {
    ok: boolean
    /**
     * The services quoted, as checkout shows them: `name` after the merchant's renaming,
     * `api_name` as the API calls it, `enabled` false for one the merchant disabled (never offered).
     */
    services: Array<{ service: string; name: string; api_name: string; enabled: boolean; carrier: string | null; amount: number; days: number | null }>
    message: string | null
    /** The shipping options this quote resolves to the same offer: the store shows the first of each. */
    overlaps: Array<{ option_names: string[] }>
  }
  tracking: { ok: boolean | null; message: string | null }
}

/** A sample quote: one default package worth R$ 100 between the two CEPs. */
async function testFreight(input: ConnectionTestInput): Promise<ConnectionTestResult["freight"]> {
  const { url, token, timeoutMs } = input.freight
  if (!url || !token) {
    return { ok: false, services: [], message: describeServiceError(new FreightNotConfiguredError(), "frete"), overlaps: [] }
  }
  const client = new FreightClient({ url, token, timeoutMs, connections: 1, logger: input.logger })
  try {
    const box = input.settings.default_package
    const quote = await client.quote({
      originCep: input.originCep,
      destinationCep: input.destinationCep,
      invoiceValue: 100,
      volumes: [{ sku: "TESTE", quantity: 1, price: 100, weightKg: box.weight_kg, lengthCm: box.length_cm, widthCm: box.width_cm, heightCm: box.height_cm }],
    })
    const asOffered = serviceAsOffered(input.settings)
    const services = quote.quotations
      .map((quotation) => ({
        service: quotation.service,
        ...asOffered(quotation),
        api_name: quotation.serviceName,
        carrier: quotation.carrier,
        amountCents: quotation.priceCents,
        days: quotation.days,
      }))
      .sort(byDisplayOrder(input.settings))
      .map(({ amountCents, ...service }) => ({ ...service, amount: amountCents / 100 }))
    const overlaps = overlappingOptions(input.options ?? [], offersFromQuote(quote, input.settings, new Date()))
    return { ok: true, services, message: services.length ? null : "O serviço respondeu, mas sem nenhuma cotação para esses CEPs.", overlaps }
  } catch (error) {
    return { ok: false, services: [], message: describeServiceError(error, "frete"), overlaps: [] }
  } finally {
    await client.close()
  }
}

/** The tracking API can only tell a refused credential: it has no read operation. */
async function testTracking(input: ConnectionTestInput): Promise<ConnectionTestResult["tracking"]> {
  const { url, credential, timeoutMs } = input.tracking
  if (!url || !credential) {
    return { ok: null, message: "Rastreamento não configurado: informe a URL e a credencial." }
  }
  const client = new TrackingClient({ url, credential, timeoutMs, connections: 1, logger: input.logger })
  try {
    await client.probe()
    return { ok: true, message: "O serviço de rastreamento respondeu e não recusou a credencial." }
  } catch (error) {
    return { ok: false, message: describeServiceError(error, "rastreamento") }
  } finally {
    await client.close()
  }
}

/** "Testar conexão": both services at once, with the values the merchant typed or those in force. */
export async function testConnection(input: ConnectionTestInput): Promise<ConnectionTestResult> {
  const [freight, tracking] = await Promise.all([testFreight(input), testTracking(input)])
  return { freight, tracking }
}
