import { DEFAULT_SETTINGS, type FreteSettings, type TrackingSettings } from "../../settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../build-tracking-order"
import { trackingOrderSchema, type TrackingOrder } from "../schemas"
import type { ShipmentFacts } from "../shipment-facts"

type Address = NonNullable<ShipmentFacts["shippingAddress"]>
type Customer = NonNullable<ShipmentFacts["customer"]>
type Method = ShipmentFacts["method"]

const CPF = "52998224725"
const CARRIER_ID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

const ADDRESS: Address = {
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

const CUSTOMER: Customer = {
  firstName: "Maria",
  lastName: "Souza",
  email: "maria@cliente.com.br",
  phone: "11912345678",
  metadata: { date_of_birth: "1990-05-17" },
}

const METHOD: Method = {
  name: "SEDEX",
  amount: 25.19,
  service: "correios-sedex",
  serviceName: "Correios - SEDEX",
  carrier: "correios",
  days: 2,
}

const FACTS: ShipmentFacts = {
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

const SETTINGS: FreteSettings = {
  ...DEFAULT_SETTINGS,
  origin_cep: "04538133",
  tracking: {
    ...DEFAULT_SETTINGS.tracking,
    company_document: "11222333000181",
    entry_source: "Loja Medusa",
    carriers: [{ service: "correios-sedex", carrier_id: CARRIER_ID, carrier_name: "Correios" }],
  },
}

const EXPECTED_ORDER: TrackingOrder = {
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

function build(patch: Partial<ShipmentFacts> = {}, settings: FreteSettings = SETTINGS): BuiltTrackingOrder {
  return buildTrackingOrder({ ...FACTS, ...patch }, settings)
}

function withAddress(patch: Partial<Address>): Partial<ShipmentFacts> {
  return { shippingAddress: { ...ADDRESS, ...patch } }
}

function withCustomer(patch: Partial<Customer>): Partial<ShipmentFacts> {
  return { customer: { ...CUSTOMER, ...patch } }
}

function withMethod(patch: Partial<Method>): Partial<ShipmentFacts> {
  return { method: { ...METHOD, ...patch } }
}

function withTracking(patch: Partial<TrackingSettings>): FreteSettings {
  return { ...SETTINGS, tracking: { ...SETTINGS.tracking, ...patch } }
}

function reasonFor(result: BuiltTrackingOrder, field: keyof TrackingOrder): string | undefined {
  return result.omitted.find((entry) => entry.field === field)?.reason
}

/** Everything the builder returns, as text, except the one place the CPF belongs. */
function everythingButTheCpfField(result: BuiltTrackingOrder): string {
  return JSON.stringify({ order: { ...result.order, CustomerDocumentNumber: undefined }, omitted: result.omitted })
}

describe("buildTrackingOrder", () => {
  describe("with complete facts", () => {
    it("maps every field of the tracking order and omits nothing", () => {
      const result = build()
      expect(result.order).toEqual(EXPECTED_ORDER)
      expect(result.omitted).toEqual([])
    })

    it("returns an order the tracking schema accepts", () => {
      expect(trackingOrderSchema.safeParse(build().order).success).toBe(true)
    })

    it("puts the full CPF in CustomerDocumentNumber and nowhere else", () => {
      const result = build()
      expect(result.order.CustomerDocumentNumber).toBe(CPF)
      expect(everythingButTheCpfField(result)).not.toContain(CPF)
      expect(everythingButTheCpfField(result)).not.toContain("529.982.247-25")
    })
  })

  describe("with nothing but the required facts", () => {
    const bare: Partial<ShipmentFacts> = {
      orderTotal: null,
      orderEmail: null,
      orderMetadata: null,
      items: [],
      fulfillmentMetadata: null,
      trackingNumbers: [],
      method: { name: null, amount: null, service: null, serviceName: null, carrier: null, days: null },
      shippingAddress: null,
      customer: null,
      salesChannelName: null,
      originCep: null,
    }
    const bareSettings: FreteSettings = { ...DEFAULT_SETTINGS }

    it("leaves unknown fields out, silently, instead of sending null or empty text", () => {
      const result = build(bare, bareSettings)
      expect(result.omitted).toEqual([])
      expect(result.order).toEqual({
        OrderNumber: "1001",
        Code: "1001",
        CustomerName: "Cliente",
        Description: "Pedido 1001",
        DatePosted: "2026-03-10T14:30:00",
        CustomerCountry: "BR",
        SendSms: true,
        SendEmail: true,
        AutomaticDateDelivered: false,
        EntrySource: "Medusa",
        Weight: DEFAULT_SETTINGS.default_package.weight_kg,
        Length: DEFAULT_SETTINGS.default_package.length_cm,
        Width: DEFAULT_SETTINGS.default_package.width_cm,
        Height: DEFAULT_SETTINGS.default_package.height_cm,
      })
      expect(trackingOrderSchema.safeParse(result.order).success).toBe(true)
    })
  })

  describe("OrderNumber and Code", () => {
    it("writes the display id as text", () => {
      expect(build({ orderDisplayId: 42 }).order.OrderNumber).toBe("42")
      expect(build({ orderDisplayId: "A-42" }).order.OrderNumber).toBe("A-42")
    })

    it("takes the first non-blank tracking number, trimmed", () => {
      expect(build({ trackingNumbers: ["", " QB987654321BR ", "OTHER"] }).order.Code).toBe("QB987654321BR")
    })

    it("falls back to the order number without a tracking number", () => {
      expect(build({ trackingNumbers: [] }).order.Code).toBe("1001")
      expect(build({ trackingNumbers: [" ", ""] }).order.Code).toBe("1001")
    })
  })

  describe("ReceiptNumber and ReceiptSerie", () => {
    it("prefer the fulfillment's metadata and write numbers as text", () => {
      const { order } = build({ fulfillmentMetadata: { nfe_numero: 4567, nfe_serie: 2 } })
      expect(order.ReceiptNumber).toBe("4567")
      expect(order.ReceiptSerie).toBe("2")
    })

    it("fall back to the order's metadata", () => {
      const { order } = build({ fulfillmentMetadata: null })
      expect(order.ReceiptNumber).toBe("111")
      expect(order.ReceiptSerie).toBe("9")
    })

    it("read the metadata keys of the settings", () => {
      const settings = withTracking({ invoice_number_metadata_key: "nf", invoice_series_metadata_key: "serie" })
      const { order } = build({ fulfillmentMetadata: { nf: "777", serie: "3" } }, settings)
      expect(order.ReceiptNumber).toBe("777")
      expect(order.ReceiptSerie).toBe("3")
    })

    it("are left out, without a reason, when no metadata holds them", () => {
      const result = build({ fulfillmentMetadata: {}, orderMetadata: { nfe_numero: "  " } })
      expect(result.order).not.toHaveProperty("ReceiptNumber")
      expect(result.order).not.toHaveProperty("ReceiptSerie")
      expect(result.omitted).toEqual([])
    })

    it("are left out with a reason when the metadata holds something other than text or a number", () => {
      const result = build({ fulfillmentMetadata: { nfe_numero: { value: 1 } }, orderMetadata: null })
      expect(result.order).not.toHaveProperty("ReceiptNumber")
      expect(reasonFor(result, "ReceiptNumber")).toMatch(/nota fiscal/)
    })
  })

  describe("carrierId, CarrierName and DeliveryType", () => {
    it("come from the carrier entry of the method's service", () => {
      const { order } = build()
      expect(order.carrierId).toBe(CARRIER_ID)
      expect(order.CarrierName).toBe("Correios")
    })

    it("fall back to the method's carrier, then its name, without a matching entry", () => {
      const other = build(withMethod({ service: "jadlog-package" })).order
      expect(other).not.toHaveProperty("carrierId")
      expect(other.CarrierName).toBe("correios")
      expect(build(withMethod({ service: "jadlog-package", carrier: null })).order.CarrierName).toBe("SEDEX")
    })

    it("use the method's carrier when the entry names no carrier", () => {
      const settings = withTracking({ carriers: [{ service: "correios-sedex", carrier_id: CARRIER_ID, carrier_name: null }] })
      const { order } = build({}, settings)
      expect(order.carrierId).toBe(CARRIER_ID)
      expect(order.CarrierName).toBe("correios")
    })

    it("take DeliveryType from the service name, else the method's name", () => {
      expect(build().order.DeliveryType).toBe("Correios - SEDEX")
      expect(build(withMethod({ serviceName: null })).order.DeliveryType).toBe("SEDEX")
    })
  })

  describe("Description", () => {
    it("lists quantities and titles after the order number", () => {
      expect(build().order.Description).toBe("Pedido 1001: 2× Camiseta, 1× Caneca")
    })

    it("is cut to 255 characters, ending in an ellipsis", () => {
      const items = Array.from({ length: 40 }, (_, index) => ({
        title: `Produto com um nome bem comprido número ${index}`,
        quantity: 1,
        weightKg: 0.1,
        lengthCm: 10,
        widthCm: 10,
        heightCm: 1,
      }))
      const description = build({ items }).order.Description ?? ""
      expect(description).toHaveLength(255)
      expect(description.endsWith("…")).toBe(true)
      expect(description.startsWith("Pedido 1001: 1× Produto com um nome bem comprido número 0")).toBe(true)
    })
  })

  describe("DatePosted and DateToDelivery", () => {
    it("write the shipping instant as São Paulo's local date and time, even when it is still the previous day there", () => {
      // 01:30 UTC on Wednesday is 22:30 on Tuesday in São Paulo.
      const { order } = build({ shippedAt: new Date("2026-03-11T01:30:00Z") })
      expect(order.DatePosted).toBe("2026-03-10T22:30:00")
      expect(order.DateToDelivery).toBe("2026-03-12")
    })

    it("count business days across a weekend and a holiday", () => {
      // Friday 2026-04-17 + 2: Monday the 20th, then Tiradentes (Tuesday the 21st) is skipped.
      const { order } = build({ shippedAt: new Date("2026-04-17T15:00:00Z"), ...withMethod({ days: 2 }) })
      expect(order.DateToDelivery).toBe("2026-04-22")
    })

    it("make 0 days the shipping day, or the next business day after a weekend", () => {
      expect(build(withMethod({ days: 0 })).order.DateToDelivery).toBe("2026-03-10")
      const saturday = build({ shippedAt: new Date("2026-03-14T15:00:00Z"), ...withMethod({ days: 0 }) })
      expect(saturday.order.DateToDelivery).toBe("2026-03-16")
    })

    it("leave DateToDelivery out, silently, when the deadline is unknown", () => {
      const result = build(withMethod({ days: null }))
      expect(result.order).not.toHaveProperty("DateToDelivery")
      expect(result.omitted).toEqual([])
    })

    it("leave DateToDelivery out with a reason for a deadline that is not a whole number of days", () => {
      const result = build(withMethod({ days: 1.5 }))
      expect(result.order).not.toHaveProperty("DateToDelivery")
      expect(reasonFor(result, "DateToDelivery")).toMatch(/Prazo de entrega inválido/)
    })

    it("refuse an invalid shipping Date, which is a bug of the caller", () => {
      expect(() => build({ shippedAt: new Date("invalid") })).toThrow(RangeError)
    })
  })

  describe("CompanyDocumentNumber", () => {
    it("is the CNPJ of the settings when its check digits are right", () => {
      expect(build().order.CompanyDocumentNumber).toBe("11222333000181")
    })

    it("is left out with a reason when its check digits are wrong", () => {
      const result = build({}, withTracking({ company_document: "11222333000182" }))
      expect(result.order).not.toHaveProperty("CompanyDocumentNumber")
      expect(reasonFor(result, "CompanyDocumentNumber")).toMatch(/CNPJ/)
    })

    it("is left out, silently, when the settings have none", () => {
      const result = build({}, withTracking({ company_document: null }))
      expect(result.order).not.toHaveProperty("CompanyDocumentNumber")
      expect(result.omitted).toEqual([])
    })
  })

  describe("CompanyPostalCode", () => {
    it("is the stock location's CEP, normalised", () => {
      expect(build({ originCep: "01.310-100" }).order.CompanyPostalCode).toBe("01310100")
    })

    it("falls back to the settings' origin CEP", () => {
      expect(build({ originCep: null }).order.CompanyPostalCode).toBe("04538133")
    })

    it("is left out with a reason when no CEP is valid", () => {
      const result = build({ originCep: "1234" }, { ...SETTINGS, origin_cep: null })
      expect(result.order).not.toHaveProperty("CompanyPostalCode")
      expect(reasonFor(result, "CompanyPostalCode")).toMatch(/CEP de origem inválido/)
    })
  })

  describe("CustomerName", () => {
    it("joins the shipping address's names with single spaces", () => {
      expect(build(withAddress({ firstName: "  Ana   Maria ", lastName: " de  Souza " })).order.CustomerName).toBe("Ana Maria de Souza")
    })

    it("uses the address's first name alone when it has no last name", () => {
      expect(build(withAddress({ lastName: null })).order.CustomerName).toBe("Maria")
    })

    it("falls back to the customer's names", () => {
      expect(build(withAddress({ firstName: null, lastName: " " })).order.CustomerName).toBe("Maria Souza")
    })

    it("falls back to the local part of the e-mail", () => {
      const facts = { ...withAddress({ firstName: null, lastName: null }), ...withCustomer({ firstName: null, lastName: null }) }
      expect(build(facts).order.CustomerName).toBe("maria.silva")
      expect(build({ ...facts, orderEmail: null }).order.CustomerName).toBe("maria")
    })

    it("is 'Cliente' when nothing names the customer", () => {
      expect(build({ shippingAddress: null, customer: null, orderEmail: null }).order.CustomerName).toBe("Cliente")
    })
  })

  describe("CustomerEmail", () => {
    it("falls back to the customer's e-mail", () => {
      expect(build({ orderEmail: null }).order.CustomerEmail).toBe("maria@cliente.com.br")
    })

    it("uses the customer's e-mail when the order's is invalid", () => {
      const result = build({ orderEmail: "maria at example" })
      expect(result.order.CustomerEmail).toBe("maria@cliente.com.br")
      expect(result.omitted).toEqual([])
    })

    it("is left out with a reason when no e-mail is valid", () => {
      const result = build({ orderEmail: "maria@", ...withCustomer({ email: null }) })
      expect(result.order).not.toHaveProperty("CustomerEmail")
      expect(reasonFor(result, "CustomerEmail")).toBe("E-mail do cliente inválido")
    })
  })

  // How a phone is read and refused: read-phone.spec.ts.
  describe("CustomerPhone", () => {
    it("is the shipping address's phone, read as digits", () => {
      expect(build(withAddress({ phone: "(11) 3333-4444" })).order.CustomerPhone).toBe("1133334444")
    })

    it("falls back to the customer's phone", () => {
      expect(build(withAddress({ phone: null })).order.CustomerPhone).toBe("11912345678")
    })

    it("is left out with the reason the phone was refused", () => {
      const result = build({ ...withAddress({ phone: "(21) 88765-4321" }), ...withCustomer({ phone: null }) })
      expect(result.order).not.toHaveProperty("CustomerPhone")
      expect(reasonFor(result, "CustomerPhone")).toMatch(/^Celular inválido/)
    })

    it("gives the reason of the shipping address's phone when neither phone is valid", () => {
      const result = build({ ...withAddress({ phone: "98765-4321" }), ...withCustomer({ phone: "123" }) })
      expect(result.order).not.toHaveProperty("CustomerPhone")
      expect(reasonFor(result, "CustomerPhone")).toMatch(/^Telefone sem DDD/)
    })

    it("uses the customer's phone when the address's is invalid", () => {
      const result = build(withAddress({ phone: "98765-4321" }))
      expect(result.order.CustomerPhone).toBe("11912345678")
      expect(result.omitted).toEqual([])
    })
  })

  // How a CPF is read and refused: read-cpf.spec.ts.
  describe("CustomerDocumentNumber (CPF)", () => {
    it("reads the CPF from the shipping address's metadata, as digits", () => {
      expect(build(withAddress({ metadata: { cpf: "111.444.777-35" } })).order.CustomerDocumentNumber).toBe("11144477735")
    })

    it("falls back to the customer's metadata", () => {
      const facts = { ...withAddress({ metadata: null }), ...withCustomer({ metadata: { cpf: "111.444.777-35" } }) }
      expect(build(facts).order.CustomerDocumentNumber).toBe("11144477735")
    })

    it("reads the metadata key of the settings", () => {
      const facts = withAddress({ metadata: { documento: CPF } })
      expect(build(facts, withTracking({ cpf_metadata_key: "documento" })).order.CustomerDocumentNumber).toBe(CPF)
      expect(build(facts).order).not.toHaveProperty("CustomerDocumentNumber")
    })

    it("is left out with the reason the CPF was refused", () => {
      const result = build({ ...withAddress({ metadata: { cpf: "529.982.247" } }), ...withCustomer({ metadata: null }) })
      expect(result.order).not.toHaveProperty("CustomerDocumentNumber")
      expect(reasonFor(result, "CustomerDocumentNumber")).toMatch(/^CPF com 9 dígitos/)
    })

    it("never returns an invalid CPF in full, neither in the order nor in a reason", () => {
      const result = build({ ...withAddress({ metadata: { cpf: "529.982.247-24" } }), ...withCustomer({ metadata: null }) })
      const text = JSON.stringify(result)
      expect(text).not.toContain("52998224724")
      expect(text).not.toContain("529.982.247-24")
    })

    it("uses the customer's CPF when the address's is invalid", () => {
      const facts = { ...withAddress({ metadata: { cpf: "52998224724" } }), ...withCustomer({ metadata: { cpf: "11144477735" } }) }
      const result = build(facts)
      expect(result.order.CustomerDocumentNumber).toBe("11144477735")
      expect(result.omitted).toEqual([])
    })
  })

  describe("the customer's address", () => {
    it("leaves an invalid CEP out with a reason and takes the state from the province", () => {
      const result = build(withAddress({ postalCode: "2004-002", province: "br-rj" }))
      expect(result.order).not.toHaveProperty("CustomerPostalCode")
      expect(reasonFor(result, "CustomerPostalCode")).toMatch(/CEP do cliente inválido/)
      expect(result.order.CustomerState).toBe("RJ")
    })

    it("takes the state from the CEP before the province", () => {
      expect(build(withAddress({ postalCode: "01310-100", province: "RJ" })).order.CustomerState).toBe("SP")
    })

    it.each([
      ["br-rj", "RJ"],
      ["BR-SP", "SP"],
      [" mg ", "MG"],
      ["Rio Grande do Sul", "Rio Grande do Sul"],
      ["XX", "XX"],
    ])("without a CEP, reads the province %j as %j", (province, state) => {
      expect(build(withAddress({ postalCode: null, province })).order.CustomerState).toBe(state)
    })

    it("leaves the state out without a CEP or a province", () => {
      expect(build(withAddress({ postalCode: null, province: null })).order).not.toHaveProperty("CustomerState")
    })

    it("upper-cases the country code and assumes Brazil without one", () => {
      expect(build(withAddress({ countryCode: "pt" })).order.CustomerCountry).toBe("PT")
      expect(build(withAddress({ countryCode: null })).order.CustomerCountry).toBe("BR")
    })

    // How street and number are split: street-and-number.spec.ts.
    it("splits the street and the number off address1", () => {
      const { order } = build(withAddress({ address1: "Rua das Flores, nº 45" }))
      expect(order.CustomerStreet).toBe("Rua das Flores")
      expect(order.CustomerNumber).toBe("45")
    })

    it("takes the number from the address's metadata", () => {
      const { order } = build(withAddress({ address1: "Rua das Flores", metadata: { cpf: CPF, number: "12B" } }))
      expect(order.CustomerStreet).toBe("Rua das Flores")
      expect(order.CustomerNumber).toBe("12B")
    })

    it("keeps address1 as the street and leaves the number out, silently, when there is none", () => {
      const result = build(withAddress({ address1: "Rua Sem Número" }))
      expect(result.order.CustomerStreet).toBe("Rua Sem Número")
      expect(result.order).not.toHaveProperty("CustomerNumber")
      expect(result.omitted).toEqual([])
    })

    it("takes city and complement as typed, trimmed", () => {
      const { order } = build(withAddress({ city: " Niterói ", address2: "  Bloco B,  apto 302 " }))
      expect(order.CustomerCity).toBe("Niterói")
      expect(order.CustomerComplement).toBe("Bloco B, apto 302")
    })

    it("leaves the address fields out when the shipping address is missing", () => {
      const { order } = build({ shippingAddress: null })
      for (const field of ["CustomerPostalCode", "CustomerState", "CustomerCity", "CustomerStreet", "CustomerNumber", "CustomerComplement"]) {
        expect(order).not.toHaveProperty(field)
      }
    })
  })

  // How a birth date is read and refused: read-birth-date.spec.ts.
  describe("CustomerDateOfBirth", () => {
    it("reads 'date_of_birth' from the customer's metadata", () => {
      expect(build().order.CustomerDateOfBirth).toBe("1990-05-17")
    })

    it("also reads 'data_nascimento'", () => {
      expect(build(withCustomer({ metadata: { data_nascimento: "1985-12-31" } })).order.CustomerDateOfBirth).toBe("1985-12-31")
    })

    it("is left out, silently, when absent", () => {
      const result = build(withCustomer({ metadata: null }))
      expect(result.order).not.toHaveProperty("CustomerDateOfBirth")
      expect(result.omitted).toEqual([])
    })

    it("is left out with the reason the date was refused", () => {
      const result = build(withCustomer({ metadata: { date_of_birth: "17/05/1990" } }))
      expect(result.order).not.toHaveProperty("CustomerDateOfBirth")
      expect(reasonFor(result, "CustomerDateOfBirth")).toMatch(/formato não reconhecido/)
    })

    it("must come before the shipping date in São Paulo, even when it is already the next day in UTC", () => {
      // 01:30 UTC on 2026-03-11 is still 2026-03-10 in São Paulo.
      const facts = { shippedAt: new Date("2026-03-11T01:30:00Z"), ...withCustomer({ metadata: { date_of_birth: "2026-03-10" } }) }
      expect(reasonFor(build(facts), "CustomerDateOfBirth")).toMatch(/não está no passado/)
    })
  })

  describe("notifications and settings flags", () => {
    it("follow the settings", () => {
      const { order } = build({}, withTracking({ send_sms: false, send_email: true, automatic_date_delivered: true, entry_source: "ERP" }))
      expect(order.SendSms).toBe(false)
      expect(order.SendEmail).toBe(true)
      expect(order.AutomaticDateDelivered).toBe(true)
      expect(order.EntrySource).toBe("ERP")
    })

    it("turn SMS and e-mail off for a shipment created with no_notification", () => {
      const { order } = build({ noNotification: true })
      expect(order.SendSms).toBe(false)
      expect(order.SendEmail).toBe(false)
    })
  })

  describe("values", () => {
    it("round the order's total and the freight cost to centavos", () => {
      const { order } = build({ orderTotal: 259.899, ...withMethod({ amount: 1.005 }) })
      expect(order.OrderSalesValue).toBe(259.9)
      expect(order.FreightCost).toBe(1.01)
    })

    it("keep a free freight as 0", () => {
      expect(build(withMethod({ amount: 0 })).order.FreightCost).toBe(0)
    })

    it("leave a negative or non-finite value out with a reason", () => {
      const result = build({ orderTotal: -10, ...withMethod({ amount: Number.NaN }) })
      expect(result.order).not.toHaveProperty("OrderSalesValue")
      expect(result.order).not.toHaveProperty("FreightCost")
      expect(reasonFor(result, "OrderSalesValue")).toMatch(/negativo/)
      expect(reasonFor(result, "FreightCost")).toMatch(/inválido/)
    })

    // How freight_number is read and refused: read-freight-number.spec.ts.
    it.each([
      ["000123", 123],
      [0, 0],
    ])("read freight_number %j from the fulfillment's metadata as %j", (freightNumber, expected) => {
      expect(build({ fulfillmentMetadata: { freight_number: freightNumber } }).order.FreightNumber).toBe(expected)
    })

    it("leave freight_number out with the reason it was refused", () => {
      const result = build({ fulfillmentMetadata: { freight_number: "12a" } })
      expect(result.order).not.toHaveProperty("FreightNumber")
      expect(reasonFor(result, "FreightNumber")).toMatch(/freight_number/)
    })

    it("leave FreightNumber out, silently, when absent", () => {
      const result = build({ fulfillmentMetadata: { freight_number: null } })
      expect(result.order).not.toHaveProperty("FreightNumber")
      expect(result.omitted).toEqual([])
    })
  })

  // How the items make one package: parcel.spec.ts.
  describe("the package (kg and cm)", () => {
    it("is the items stacked in one box, in the default package's measures where an item has none", () => {
      const items = [
        { title: "Livro", quantity: 1, weightKg: 0.5, lengthCm: 10, widthCm: 10, heightCm: 3 },
        { title: "Pôster", quantity: 2, weightKg: null, lengthCm: 60, widthCm: null, heightCm: 1 },
      ]
      const pack = SETTINGS.default_package
      const { order } = build({ items })
      expect([order.Weight, order.Length, order.Width, order.Height]).toEqual([
        0.5 + 2 * pack.weight_kg,
        Math.max(10, pack.length_cm),
        Math.max(10, pack.width_cm),
        3 + 2 * pack.height_cm,
      ])
    })

    it("ignores items with no positive quantity, in the package and the description", () => {
      const items = [...FACTS.items, { title: "Brinde", quantity: 0, weightKg: 5, lengthCm: 90, widthCm: 90, heightCm: 90 }]
      const { order } = build({ items })
      expect(order.Description).toBe(EXPECTED_ORDER.Description)
      expect([order.Weight, order.Length, order.Width, order.Height]).toEqual([0.9, 30, 25, 14])
    })
  })

  describe("SalesChannel", () => {
    it("is the sales channel's name, or left out without one", () => {
      expect(build({ salesChannelName: " Marketplace " }).order.SalesChannel).toBe("Marketplace")
      expect(build({ salesChannelName: null }).order).not.toHaveProperty("SalesChannel")
    })
  })

  describe("with every value present and invalid", () => {
    const broken: Partial<ShipmentFacts> = {
      orderTotal: -1,
      orderEmail: "nope",
      fulfillmentMetadata: { nfe_numero: [1], nfe_serie: false, freight_number: "x" },
      orderMetadata: null,
      method: { ...METHOD, amount: Number.POSITIVE_INFINITY, days: -1 },
      originCep: "abc",
      shippingAddress: { ...ADDRESS, phone: "123", postalCode: "123", metadata: { cpf: CPF.replace(/5$/, "4"), number: { n: 1 } }, address1: "Rua Sem Número" },
      customer: { ...CUSTOMER, email: null, phone: null, metadata: { date_of_birth: "ontem" } },
    }

    it("still returns an order the tracking schema accepts, listing each field left out", () => {
      const result = build(broken, { ...withTracking({ company_document: "11222333000100" }), origin_cep: null })
      expect(trackingOrderSchema.safeParse(result.order).success).toBe(true)
      expect(result.omitted.map((entry) => entry.field).sort()).toEqual(
        [
          "CompanyDocumentNumber",
          "CompanyPostalCode",
          "CustomerDateOfBirth",
          "CustomerDocumentNumber",
          "CustomerEmail",
          "CustomerNumber",
          "CustomerPhone",
          "CustomerPostalCode",
          "DateToDelivery",
          "FreightCost",
          "FreightNumber",
          "OrderSalesValue",
          "ReceiptNumber",
          "ReceiptSerie",
        ].sort()
      )
      for (const entry of result.omitted) {
        expect(entry.reason).not.toBe("")
      }
    })
  })

  describe("text the service would refuse", () => {
    it("leaves a text field over 1000 characters out with a reason", () => {
      const result = build(withAddress({ city: "x".repeat(1001) }))
      expect(result.order).not.toHaveProperty("CustomerCity")
      expect(reasonFor(result, "CustomerCity")).toMatch(/1000 caracteres/)
    })

    it("shortens a name over 1000 characters, since the service requires one", () => {
      const { order } = build(withAddress({ firstName: "A".repeat(1200) }))
      expect(order.CustomerName).toHaveLength(1000)
      expect(order.CustomerName.endsWith("…")).toBe(true)
    })

    it("throws, naming the field, when a required field would still be refused (a bug upstream)", () => {
      expect(() => build({ orderDisplayId: "" })).toThrow(/OrderNumber/)
    })
  })
})
