// Each field declared once, in the order the admin lists a payload. No import: the admin's bundle reads it too.
export type TrackingWireType = "String" | "Number" | "Boolean" | "DateTime"

export type TrackingFormat = "cnpj" | "taxId" | "cep" | "phone" | "email"

export type TrackingMask = "words" | "taxId" | "phone" | "email" | "date" | "hidden"

export interface TrackingFieldSpec {
  type: TrackingWireType
  /** The document does not say which fields are required; the plugin and the sandbox require three. */
  required?: true
  format?: TrackingFormat
  /** Never kept, logged nor shown in clear (LGPD). */
  personal?: TrackingMask
  reais?: true
  label: { en: string; ptBR: string }
}

export const TRACKING_FIELDS = {
  OrderNumber: { type: "String", required: true, label: { en: "Order number", ptBR: "Número do pedido" } },
  Code: { type: "String", required: true, label: { en: "Tracking code", ptBR: "Código de rastreio" } },
  CarrierName: { type: "String", label: { en: "Carrier", ptBR: "Transportadora" } },
  DeliveryType: { type: "String", label: { en: "Delivery type", ptBR: "Tipo de entrega" } },
  CustomerName: { type: "String", required: true, personal: "words", label: { en: "Customer", ptBR: "Cliente" } },
  CustomerDocumentNumber: {
    type: "String",
    format: "taxId",
    personal: "taxId",
    label: { en: "CPF or CNPJ", ptBR: "CPF ou CNPJ" },
  },
  CustomerEmail: { type: "String", format: "email", personal: "email", label: { en: "E-mail", ptBR: "E-mail" } },
  CustomerPhone: { type: "String", format: "phone", personal: "phone", label: { en: "Phone", ptBR: "Telefone" } },
  CustomerDateOfBirth: {
    type: "DateTime",
    personal: "date",
    label: { en: "Date of birth", ptBR: "Data de nascimento" },
  },
  CustomerPostalCode: { type: "String", format: "cep", label: { en: "CEP", ptBR: "CEP" } },
  CustomerStreet: { type: "String", personal: "words", label: { en: "Street", ptBR: "Rua" } },
  CustomerNumber: { type: "String", personal: "hidden", label: { en: "Number", ptBR: "Número" } },
  CustomerComplement: { type: "String", personal: "words", label: { en: "Complement", ptBR: "Complemento" } },
  CustomerCity: { type: "String", label: { en: "City", ptBR: "Cidade" } },
  CustomerState: { type: "String", label: { en: "State", ptBR: "Estado" } },
  CustomerCountry: { type: "String", label: { en: "Country", ptBR: "País" } },
  DatePosted: { type: "DateTime", label: { en: "Posting date", ptBR: "Data de postagem" } },
  DateToDelivery: { type: "DateTime", label: { en: "Expected delivery", ptBR: "Previsão de entrega" } },
  ReceiptNumber: { type: "String", label: { en: "Invoice", ptBR: "Nota fiscal" } },
  ReceiptSerie: { type: "String", label: { en: "Invoice series", ptBR: "Série da nota fiscal" } },
  Description: { type: "String", label: { en: "Description", ptBR: "Descrição" } },
  OrderSalesValue: { type: "Number", reais: true, label: { en: "Order value", ptBR: "Valor do pedido" } },
  FreightCost: { type: "Number", reais: true, label: { en: "Shipping charged", ptBR: "Frete cobrado" } },
  FreightNumber: { type: "Number", label: { en: "Freight number", ptBR: "Número do frete" } },
  Weight: { type: "Number", label: { en: "Weight (kg)", ptBR: "Peso (kg)" } },
  Length: { type: "Number", label: { en: "Length (cm)", ptBR: "Comprimento (cm)" } },
  Width: { type: "Number", label: { en: "Width (cm)", ptBR: "Largura (cm)" } },
  Height: { type: "Number", label: { en: "Height (cm)", ptBR: "Altura (cm)" } },
  SendSms: { type: "Boolean", label: { en: "Send SMS", ptBR: "Enviar SMS" } },
  SendEmail: { type: "Boolean", label: { en: "Send e-mail", ptBR: "Enviar e-mail" } },
  AutomaticDateDelivered: {
    type: "Boolean",
    label: { en: "Automatic delivery date", ptBR: "Data de entrega automática" },
  },
  CompanyDocumentNumber: { type: "String", format: "cnpj", label: { en: "Store's CNPJ", ptBR: "CNPJ da loja" } },
  CompanyPostalCode: { type: "String", format: "cep", label: { en: "Origin CEP", ptBR: "CEP de origem" } },
  EntrySource: { type: "String", label: { en: "Source", ptBR: "Origem" } },
  SalesChannel: { type: "String", label: { en: "Sales channel", ptBR: "Canal de venda" } },
  carrierId: { type: "String", label: { en: "Carrier id", ptBR: "Id da transportadora" } },
} as const satisfies Record<string, TrackingFieldSpec>

export type TrackingFieldName = keyof typeof TRACKING_FIELDS

export const TRACKING_FIELD_SPECS: Readonly<Record<TrackingFieldName, TrackingFieldSpec>> = TRACKING_FIELDS
