import { readBirthDate, readTaxId, readPhone, streetAndNumber } from "../readers"

/** The shipping date the birth date must come before. */
const SHIPPED_ON = "2026-03-10"

describe("readBirthDate", () => {
  it("reads a YYYY-MM-DD date before the shipping date, trimmed", () => {
    expect(readBirthDate("1990-05-17", SHIPPED_ON)).toEqual({ value: "1990-05-17" })
    expect(readBirthDate(" 1990-05-17 ", SHIPPED_ON)).toEqual({ value: "1990-05-17" })
  })

  it("takes 1900-01-01 and the day before shipping, the two ends", () => {
    expect(readBirthDate("1900-01-01", SHIPPED_ON)).toEqual({ value: "1900-01-01" })
    expect(readBirthDate("2026-03-09", SHIPPED_ON)).toEqual({ value: "2026-03-09" })
  })

  it.each([
    ["17/05/1990", /formato não reconhecido/],
    ["1990-02-30", /formato não reconhecido/],
    [19900517, /formato não reconhecido/],
    ["2026-03-10", /não está no passado/],
    ["2030-01-01", /não está no passado/],
    ["1850-01-01", /anterior a 1900/],
  ])("refuses %j with a reason", (birth, reason) => {
    expect(readBirthDate(birth, SHIPPED_ON)).toEqual({ reason: expect.stringMatching(reason) })
  })

  it.each([[null], [undefined], [""], [" "]])("reads %j as nothing, without a reason", (birth) => {
    expect(readBirthDate(birth, SHIPPED_ON)).toBeNull()
  })
})

const CPF = "52998224725"

describe("readTaxId", () => {
  it("takes a company buyer's CNPJ, numeric or alphanumeric, as its 14 characters; refuses a wrong check digit, masked", () => {
    expect(readTaxId("12.ABC.345/01DE-35")).toEqual({ value: "12ABC34501DE35" })
    expect(readTaxId("12abc34501de35")).toEqual({ value: "12ABC34501DE35" })
    expect(readTaxId("11.222.333/0001-81")).toEqual({ value: "11222333000181" })
    expect(readTaxId(11222333000181)).toEqual({ value: "11222333000181" })
    expect(readTaxId("12.ABC.345/01DE-36")).toEqual({
      reason: "CNPJ inválido (**.ABC.345/****-**): os dígitos verificadores não conferem",
    })
  })

  it.each([
    ["529.982.247-25", CPF],
    [" 529 982 247 25 ", CPF],
    [52998224725, CPF],
    ["111.444.777-35", "11144477735"],
  ])("reads %j as %s", (cpf, expected) => {
    expect(readTaxId(cpf)).toEqual({ value: expected })
  })

  it("gives a number back the leading zeros it lost", () => {
    // 046.543.281-65 stored as a number is 4654328165.
    expect(readTaxId(4654328165)).toEqual({ value: "04654328165" })
  })

  it.each([
    ["529.982.247-24", /^CPF inválido \(\*\*\*\.982\.247-\*\*\)/],
    ["111.111.111-11", /^CPF inválido \(\*\*\*\.111\.111-\*\*\)/],
    ["529.982.247", /^CPF com 9 dígitos/],
    ["CPF 52998224725", /^CPF em formato não reconhecido/],
    [true, /^CPF em formato não reconhecido/],
    [-52998224725, /^CPF em formato não reconhecido/],
    [5299822472.5, /^CPF em formato não reconhecido/],
  ])("refuses %j with a reason", (cpf, reason) => {
    expect(readTaxId(cpf)).toEqual({ reason: expect.stringMatching(reason) })
  })

  it("never gives an invalid CPF back in full, only masked", () => {
    const text = JSON.stringify(readTaxId("529.982.247-24"))
    expect(text).not.toContain("52998224724")
    expect(text).not.toContain("529.982.247-24")
  })

  it.each([[null], [undefined], [""], ["  "]])("reads %j as nothing, without a reason", (cpf) => {
    expect(readTaxId(cpf)).toBeNull()
  })
})

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

describe("streetAndNumber", () => {
  it.each([
    ["Avenida Rio Branco, 156", "Avenida Rio Branco", "156"],
    ["Rua X 45", "Rua X", "45"],
    ["Rua das Flores, nº 45", "Rua das Flores", "45"],
    ["Rua das Flores,45", "Rua das Flores", "45"],
    ["Rua das Flores - 45", "Rua das Flores", "45"],
    ["Rua das Flores, 45a", "Rua das Flores", "45A"],
    ["Estrada Velha, s/n", "Estrada Velha", "S/N"],
    ["Rua 25, 100", "Rua 25", "100"],
    ["Paulista, 100", "Paulista", "100"],
  ])("splits %j into street %j and number %j", (address1, street, number) => {
    expect(streetAndNumber({ address1, metadata: { cpf: "52998224725" } })).toEqual({
      street,
      number: { value: number },
    })
  })

  it.each([
    ["Rua Sem Número"],
    ["Rua 25"],
    ["Rodovia BR-101"],
    ["Rodovia BR-101, km 45"],
    ["Avenida Paulista 1000 apto 12"],
    ["Quadra 5 Lote 10"],
  ])("keeps %j as the street and leaves the number out, without a reason", (address1) => {
    expect(streetAndNumber({ address1, metadata: { cpf: "52998224725" } })).toEqual({ street: address1, number: null })
  })

  it("prefers a number kept in the address's metadata, with address1 as the street", () => {
    expect(streetAndNumber({ address1: "Rua das Flores", metadata: { cpf: "52998224725", number: "12B" } })).toEqual({
      street: "Rua das Flores",
      number: { value: "12B" },
    })
    expect(streetAndNumber({ address1: "Rua das Flores", metadata: { numero: 300 } })).toEqual({
      street: "Rua das Flores",
      number: { value: "300" },
    })
    expect(streetAndNumber({ address1: "Rua das Flores, 45", metadata: { number: "12" } })).toEqual({
      street: "Rua das Flores, 45",
      number: { value: "12" },
    })
  })

  it("splits address1 when the metadata's number is unusable, and gives its reason when address1 has none", () => {
    expect(streetAndNumber({ address1: "Rua das Flores, 45", metadata: { number: { n: 1 } } })).toEqual({
      street: "Rua das Flores",
      number: { value: "45" },
    })
    expect(streetAndNumber({ address1: "Rua Sem Número", metadata: { number: { n: 1 } } })).toEqual({
      street: "Rua Sem Número",
      number: { reason: expect.stringMatching(/^Número do endereço em formato não reconhecido/) },
    })
  })

  it("gives neither street nor number without an address", () => {
    expect(streetAndNumber(null)).toEqual({ street: null, number: null })
    expect(streetAndNumber({ address1: "  ", metadata: null })).toEqual({ street: null, number: null })
  })
})
