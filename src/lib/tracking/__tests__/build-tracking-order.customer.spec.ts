// buildTrackingOrder's fields of the customer: name, e-mail, phone, CPF, address and date of birth.
import { build, CPF, reasonFor, withAddress, withCustomer, withTracking } from "./build-tracking-order.fixtures"

describe("buildTrackingOrder", () => {
  describe("CustomerName", () => {
    it("joins the shipping address's names with single spaces", () => {
      expect(build(withAddress({ firstName: "  Ana   Maria ", lastName: " de  Souza " })).order.CustomerName).toBe(
        "Ana Maria de Souza"
      )
    })

    it("uses the address's first name alone when it has no last name", () => {
      expect(build(withAddress({ lastName: null })).order.CustomerName).toBe("Maria")
    })

    it("falls back to the customer's names", () => {
      expect(build(withAddress({ firstName: null, lastName: " " })).order.CustomerName).toBe("Maria Souza")
    })

    it("falls back to the local part of the e-mail", () => {
      const facts = {
        ...withAddress({ firstName: null, lastName: null }),
        ...withCustomer({ firstName: null, lastName: null }),
      }
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
      expect(build(withAddress({ metadata: { cpf: "111.444.777-35" } })).order.CustomerDocumentNumber).toBe(
        "11144477735"
      )
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
      const result = build({
        ...withAddress({ metadata: { cpf: "529.982.247" } }),
        ...withCustomer({ metadata: null }),
      })
      expect(result.order).not.toHaveProperty("CustomerDocumentNumber")
      expect(reasonFor(result, "CustomerDocumentNumber")).toMatch(/^CPF com 9 dígitos/)
    })

    it("never returns an invalid CPF in full, neither in the order nor in a reason", () => {
      const result = build({
        ...withAddress({ metadata: { cpf: "529.982.247-24" } }),
        ...withCustomer({ metadata: null }),
      })
      const text = JSON.stringify(result)
      expect(text).not.toContain("52998224724")
      expect(text).not.toContain("529.982.247-24")
    })

    it("uses the customer's CPF when the address's is invalid", () => {
      const facts = {
        ...withAddress({ metadata: { cpf: "52998224724" } }),
        ...withCustomer({ metadata: { cpf: "11144477735" } }),
      }
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
      for (const field of [
        "CustomerPostalCode",
        "CustomerState",
        "CustomerCity",
        "CustomerStreet",
        "CustomerNumber",
        "CustomerComplement",
      ]) {
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
      expect(build(withCustomer({ metadata: { data_nascimento: "1985-12-31" } })).order.CustomerDateOfBirth).toBe(
        "1985-12-31"
      )
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
      const facts = {
        shippedAt: new Date("2026-03-11T01:30:00Z"),
        ...withCustomer({ metadata: { date_of_birth: "2026-03-10" } }),
      }
      expect(reasonFor(build(facts), "CustomerDateOfBirth")).toMatch(/não está no passado/)
    })
  })
})
