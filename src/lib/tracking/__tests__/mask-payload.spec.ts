import { maskEmail, maskPhone, maskTrackingPayload } from "../mask-payload"

describe("the tracking order's personal data, masked", () => {
  const payload = {
    OrderNumber: "1001",
    CustomerName: "Maria da Silva",
    CustomerDocumentNumber: "52998224725",
    CustomerPhone: "21987654321",
    CustomerEmail: "maria@example.com.br",
    SendSms: true,
  }

  it("masks the CPF, phone and e-mail as the admin shows them, and nothing else", () => {
    expect(maskTrackingPayload(payload)).toEqual({
      ...payload,
      CustomerDocumentNumber: "***.982.247-**",
      CustomerPhone: "(21) *****-4321",
      CustomerEmail: "m***@example.com.br",
    })
    expect(payload.CustomerPhone).toBe("21987654321")
  })

  it("changes nothing the second time: a stored masked copy stays as it is", () => {
    const once = maskTrackingPayload(payload)
    expect(maskTrackingPayload(once)).toEqual(once)
  })

  it("masks entirely what it cannot read", () => {
    expect(maskPhone("123")).toBe("(**) *****-****")
    expect(maskPhone("1133334444")).toBe("(11) ****-4444")
    expect(maskEmail("sem-arroba")).toBe("***")
    expect(maskTrackingPayload({ CustomerDocumentNumber: "5299822472" }).CustomerDocumentNumber).toBe("***.***.***-**")
  })
})
