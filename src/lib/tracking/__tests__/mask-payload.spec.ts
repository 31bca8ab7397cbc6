import fc from "fast-check"
import { maskEmail, maskPhone } from "../../security/mask-personal-text"
import { maskTrackingPayload, maskWords, PERSONAL_FIELDS } from "../mask-payload"

describe("the tracking order's personal data, masked", () => {
  const payload = {
    OrderNumber: "1001",
    CustomerName: "Maria da Silva",
    CustomerDocumentNumber: "52998224725",
    CustomerDateOfBirth: "1990-05-17",
    CustomerPhone: "21987654321",
    CustomerEmail: "maria@example.com.br",
    CustomerStreet: "Avenida Rio Branco",
    CustomerNumber: "156",
    CustomerComplement: "Sala 101",
    CustomerCity: "Rio de Janeiro",
    CustomerPostalCode: "20040002",
    SendSms: true,
  }

  it("masks the name, CPF, birth date, phone, e-mail, street, number and complement, and nothing else", () => {
    expect(maskTrackingPayload(payload)).toEqual({
      ...payload,
      CustomerName: "M*** d*** S***",
      CustomerDocumentNumber: "***.982.247-**",
      CustomerDateOfBirth: "****-**-**",
      CustomerPhone: "(21) *****-4321",
      CustomerEmail: "m***@example.com.br",
      CustomerStreet: "A*** R*** B***",
      CustomerNumber: "***",
      CustomerComplement: "S*** 1***",
    })
    expect(payload.CustomerPhone).toBe("21987654321")
    expect([...PERSONAL_FIELDS].sort()).toEqual([
      "CustomerComplement",
      "CustomerDateOfBirth",
      "CustomerDocumentNumber",
      "CustomerEmail",
      "CustomerName",
      "CustomerNumber",
      "CustomerPhone",
      "CustomerStreet",
    ])
  })

  it("changes nothing the second time: a stored masked copy stays as it is", () => {
    const once = maskTrackingPayload(payload)
    expect(maskTrackingPayload(once)).toEqual(once)
  })

  /** What a masked value may look like, per field: never more than a letter per word, the DDD and 4 digits, the CPF's middle. */
  const MASKED_SHAPE: Record<string, RegExp> = {
    CustomerName: /^(\S\*\*\*( \S\*\*\*)*)?$/u,
    CustomerStreet: /^(\S\*\*\*( \S\*\*\*)*)?$/u,
    CustomerComplement: /^(\S\*\*\*( \S\*\*\*)*)?$/u,
    CustomerNumber: /^\*\*\*$/,
    CustomerDateOfBirth: /^\*{4}-\*\*-\*\*$/,
    CustomerDocumentNumber: /^\*\*\*\.(\d{3}|\*{3})\.(\d{3}|\*{3})-\*\*$/,
    CustomerPhone: /^\((\d{2}|\*\*)\) \*{4,5}-(\d{4}|\*{4})$/,
    CustomerEmail: /^(.\*\*\*@[^@]*|\*\*\*)$/su,
  }

  it("gives every personal field a masked shape, whatever its text, and masks it once", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...PERSONAL_FIELDS), (value, field) => {
        const masked = maskTrackingPayload({ [field]: value })
        expect(String(masked[field])).toMatch(MASKED_SHAPE[field])
        expect(maskTrackingPayload(masked)).toEqual(masked)
      })
    )
  })

  it("masks entirely what it cannot read, and what is not text", () => {
    expect(maskPhone("123")).toBe("(**) *****-****")
    expect(maskPhone("1133334444")).toBe("(11) ****-4444")
    expect(maskEmail("sem-arroba")).toBe("***")
    expect(maskEmail("a*b@example.com")).toBe("a***@example.com")
    expect(maskWords("  Maria   José ")).toBe("M*** J***")
    expect(maskTrackingPayload({ CustomerDocumentNumber: "5299822472" }).CustomerDocumentNumber).toBe("***.***.***-**")
    expect(maskTrackingPayload({ CustomerNumber: 156, CustomerName: null })).toEqual({
      CustomerNumber: "***",
      CustomerName: null,
    })
  })
})
