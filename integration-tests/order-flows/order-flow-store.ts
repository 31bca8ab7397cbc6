import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { createFreteOption, createFreteReturnOption, createProduct, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"

/** The freight query as the sandbox logged it (the wire's Portuguese names). */
export type WireQuery = {
  cep_origem: string
  cep_destino: string
  volumes: Array<Record<string, string>>
  prazo_adicional?: string
  preco_adicional?: string
  fretegratis?: boolean
  valor_notafiscal: string
}

export interface OrderFlowStore {
  store: BrazilianStore
  /** A T-shirt (300 g, 30x20x4 cm, R$ 120) and a mug (450 g, 12x12x10 cm, R$ 45). */
  shirt: string
  mug: string
  /** Calculated options of this provider: SEDEX for deliveries, the cheapest service for returns. */
  optionId: string
  returnOptionId: string
}

/** A store in São Paulo (CEP 01310-100) with a delivery option and a return option of this provider. */
export async function createOrderFlowStore(api: AxiosInstance, container: MedusaContainer): Promise<OrderFlowStore> {
  const store = await createBrazilianStore(api, container, { fulfillmentProviders: ["manual_manual", "frete_frete"] })
  const { variantId: shirt } = await createProduct(api, store, { title: "Camiseta", sku: "CAMISETA-P", price: 120, weight: 300, length: 30, width: 20, height: 4 })
  const { variantId: mug } = await createProduct(api, store, { title: "Caneca", sku: "CANECA", price: 45, weight: 450, length: 12, width: 12, height: 10 })
  const optionId = await createFreteOption(api, store, "correios-sedex", "SEDEX")
  const returnOptionId = await createFreteReturnOption(api, store, "cheapest", "Devolução econômica")
  return { store, shirt, mug, optionId, returnOptionId }
}

export type PlacedOrder = { id: string; display_id: number; items: Array<{ id: string; quantity: number; variant_id: string }> }

/** An order of 2 T-shirts and a mug to Rio de Janeiro (CEP 20040-002), fulfilled and shipped. */
export async function shippedOrder(api: AxiosInstance, flow: OrderFlowStore): Promise<PlacedOrder> {
  const order = (await placeOrder(api, flow.store, flow.optionId, [
    { variant_id: flow.shirt, quantity: 2 },
    { variant_id: flow.mug, quantity: 1 },
  ])) as PlacedOrder
  await shipOrder(api, flow.store, order, { trackingNumber: "BR123456789BR" })
  return order
}

/** A Medusa error answer, to assert on instead of a thrown AxiosError. */
export const answerOf = <T>(call: Promise<{ status: number; data: T }>) =>
  call.catch((error: { response?: { status: number; data: T } }) => {
    if (!error.response) throw error
    return error.response
  })
