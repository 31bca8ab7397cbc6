import { readPhone } from "../readers"

describe("readPhone", () => {
  it.each([
    ["+55 (21) 98765-4321", "21987654321"],
    ["(21) 98765-4321", "21987654321"],
    ["55 11 3333-4444", "1133334444"],
    ["(11) 3333-4444", "1133334444"],
    ["5511912345678", "11912345678"],
  ])("reads %j as %s", (phone, expected) => {
    expect(readPhone(phone)).toEqual({ value: expected })
  })

  it.each([
    ["98765-4321", /^Telefone sem DDD/],
    ["3333-4444", /^Telefone sem DDD/],
    ["(01) 98765-4321", /DDD inválido/],
    ["(20) 98765-4321", /DDD inválido/],
    ["(21) 88765-4321", /^Celular inválido/],
    ["123-4321", /^Telefone inválido/],
    ["+1 212 555 014 4321", /^Telefone inválido/],
  ])("refuses %j with a reason", (phone, reason) => {
    expect(readPhone(phone)).toEqual({ reason: expect.stringMatching(reason) })
  })

  it("shows at most the last 4 digits in the reason", () => {
    const reading = readPhone("(21) 88765-4321")
    const reason = reading !== null && "reason" in reading ? reading.reason : ""
    expect(reason).toContain("4321")
    expect(reason).not.toMatch(/\d{5}/)
    expect(reason).not.toContain("5-4321")
  })

  it.each([[null], [undefined], [""], ["   "], [21987654321]])("reads %j as nothing, without a reason", (phone) => {
    expect(readPhone(phone)).toBeNull()
  })
})
