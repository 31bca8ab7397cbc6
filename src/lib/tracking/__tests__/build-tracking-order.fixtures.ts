// The shipment, customer and settings the buildTrackingOrder specs start from, the order built from them,
// and the helpers that patch one part of them.
import { DEFAULT_SETTINGS, type FreteSettings } from "../../settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../build-tracking-order"
import type { TrackingOrder } from "../schemas"
import type { ShipmentFacts } from "../shipment-facts"

export type Address = NonNullable<ShipmentFacts["shippingAddress"]>
export type Customer = NonNullable<ShipmentFacts["customer"]>
export type Method = ShipmentFacts["method"]

export const CPF = "52998224725"
export const CARRIER_ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

export const ADDRESS: Address = {
  firstName: "Maria",
  lastName: "Silva",
  phone: "+55 (21) 98765-4321",
  address1: "Avenida Rio Branco, 156",
  address2: "Sala 1201",
  city: "Rio de Janeiro",
  province: "Rio de Janeiro",
  postalCode: "20040-002",
  countryCode: "br",
  metadata: { cpf: "529.982.247-25" },
}

export const CUSTOMER: Customer = {
  firstName: "Maria",
  lastName: "Souza",
  email: "maria@cliente.com.br",
  phone: "11912345678",
  metadata: { date_of_birth: "1990-05-17" },
}

export const METHOD: Method = {
  name: "SEDEX",
  amount: 25.19,
  service: "correios-sedex",
  serviceName: "Correios - SEDEX",
  carrier: "correios",
  days: 2,
}

export const FACTS: ShipmentFacts = {
  orderDisplayId: 1001,
  orderTotal: 259.9,
  orderEmail: "maria.silva@example.com",
  orderMetadata: { nfe_numero: "111", nfe_serie: "9" },
  items: [
    { title: "Camiseta", quantity: 2, weightKg: 0.25, lengthCm: 30, widthCm: 25, heightCm: 2 },
    { title: "Caneca", quantity: 1, weightKg: 0.4, lengthCm: 12, widthCm: 12, heightCm: 10 },
  ],
  // A Tuesday, 14:30 in São Paulo.
  shippedAt: new Date("2026-03-10T17:30:00Z"),
  fulfillmentMetadata: { nfe_numero: "4567", nfe_serie: 1, freight_number: 98765 },
  trackingNumbers: ["  ", "BR123456789BR"],
  method: METHOD,
  shippingAddress: ADDRESS,
  customer: CUSTOMER,
  salesChannelName: "Loja virtual",
  originCep: "01310-100",
  noNotification: false,
}

export const SETTINGS: FreteSettings = {
  ...DEFAULT_SETTINGS,
  origin_cep: "04538133",
  tracking: {
    ...DEFAULT_SETTINGS.tracking,
    company_document: "11222333000181",
    entry_source: "Loja Medusa",
    carriers: [{ service: "correios-sedex", carrier_id: CARRIER_ID, carrier_name: "Correios" }],
  },
}

export const EXPECTED_ORDER: TrackingOrder = {
  OrderNumber: "1001",
  Code: "BR123456789BR",
  ReceiptNumber: "4567",
  ReceiptSerie: "1",
  carrierId: CARRIER_ID,
  CarrierName: "Correios",
  DeliveryType: "Correios - SEDEX",
  Description: "Pedido 1001: 2× Camiseta, 1× Caneca",
  DatePosted: "2026-03-10T14:30:00",
  DateToDelivery: "2026-03-12",
  CompanyDocumentNumber: "11222333000181",
  CompanyPostalCode: "01310100",
  CustomerName: "Maria Silva",
  CustomerEmail: "maria.silva@example.com",
  CustomerPhone: "21987654321",
  CustomerDocumentNumber: CPF,
  CustomerDateOfBirth: "1990-05-17",
  CustomerPostalCode: "20040002",
  CustomerCountry: "BR",
  CustomerState: "RJ",
  CustomerCity: "Rio de Janeiro",
  CustomerStreet: "Avenida Rio Branco",
  CustomerNumber: "156",
  CustomerComplement: "Sala 1201",
  SendSms: true,
  SendEmail: true,
  AutomaticDateDelivered: false,
  EntrySource: "Loja Medusa",
  OrderSalesValue: 259.9,
  FreightCost: 25.19,
  FreightNumber: 98765,
  Weight: 0.9,
  Length: 30,
  Width: 25,
  Height: 14,
  SalesChannel: "Loja virtual",
}

export function build(patch: Partial<ShipmentFacts> = {}, settings: FreteSettings = SETTINGS): BuiltTrackingOrder {
  return buildTrackingOrder({ ...FACTS, ...patch }, settings)
}

export function withAddress(patch: Partial<Address>): Partial<ShipmentFacts> {
  return { shippingAddress: { ...ADDRESS, ...patch } }
}

export function withCustomer(patch: Partial<Customer>): Partial<ShipmentFacts> {
  return { customer: { ...CUSTOMER, ...patch } }
}

export function withMethod(patch: Partial<Method>): Partial<ShipmentFacts> {
  return { method: { ...METHOD, ...patch } }
}

export function withTracking(patch: Partial<FreteSettings["tracking"]>): FreteSettings {
  return { ...SETTINGS, tracking: { ...SETTINGS.tracking, ...patch } }
}

export function reasonFor(result: BuiltTrackingOrder, field: keyof TrackingOrder): string | undefined {
  return result.omitted.find((entry) => entry.field === field)?.reason
}
