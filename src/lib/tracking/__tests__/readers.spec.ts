import { MAX_BUSINESS_DAYS } from "../../brazil/business-days"
import { DEFAULT_SETTINGS } from "../../settings/schema"
import {
  cleanText,
  firstReading,
  isAbsent,
  known,
  metadataText,
  parcelMeasure,
  parcelOf,
  promisedDate,
  readAmount,
  readBirthDate,
  readCpf,
  readFreightNumber,
  readPhone,
  roundTo,
  streetAndNumber,
  type Reading,
} from "../readers"

describe("known", () => {
  it("is a value for anything but null and undefined, which are nothing", () => {
    expect(known("x")).toEqual({ value: "x" })
    expect(known(0)).toEqual({ value: 0 })
    expect(known(null)).toBeNull()
    expect(known(undefined)).toBeNull()
  })
})

describe("firstReading", () => {
  const read = (raw: unknown): Reading<string> => (raw === "bad" || raw === "worse" ? { reason: `${raw}` } : known(raw as string | null))

  it("takes the first candidate that reads as a value, past unusable ones", () => {
    expect(firstReading(["bad", null, "good", "other"], read)).toEqual({ value: "good" })
  })

  it("gives the reason of the first unusable candidate when none is a value", () => {
    expect(firstReading([null, "bad", "worse"], read)).toEqual({ reason: "bad" })
  })

  it("is nothing when every candidate is", () => {
    expect(firstReading([null, undefined], read)).toBeNull()
    expect(firstReading([], read)).toBeNull()
  })
})

describe("isAbsent", () => {
  it.each([[null], [undefined], [""], [" \t\n"]])("is true for %j", (raw) => {
    expect(isAbsent(raw)).toBe(true)
  })

  it.each([[0], [false], ["x"], [{}]])("is false for %j", (raw) => {
    expect(isAbsent(raw)).toBe(false)
  })
})

describe("cleanText", () => {
  it("trims and folds white space to single spaces", () => {
    expect(cleanText("  Bloco B,  apto\t302 ")).toBe("Bloco B, apto 302")
  })

  it("is null for blank text and for what is not text", () => {
    expect(cleanText("   ")).toBeNull()
    expect(cleanText(42)).toBeNull()
    expect(cleanText(null)).toBeNull()
  })
})

describe("metadataText", () => {
  it("reads text, cleaned, and a finite number as text", () => {
    expect(metadataText(" 4567 ", "Número da nota fiscal")).toEqual({ value: "4567" })
    expect(metadataText(2, "Série da nota fiscal")).toEqual({ value: "2" })
  })

  it("refuses anything else with a reason naming it", () => {
    expect(metadataText({ value: 1 }, "Número da nota fiscal")).toEqual({ reason: "Número da nota fiscal em formato não reconhecido: use texto ou número" })
    expect(metadataText(Number.NaN, "Série da nota fiscal")).toEqual({ reason: expect.stringMatching(/^Série da nota fiscal/) })
  })

  it("is nothing when absent", () => {
    expect(metadataText(null, "Série da nota fiscal")).toBeNull()
    expect(metadataText(" ", "Série da nota fiscal")).toBeNull()
  })
})

describe("readAmount", () => {
  it("rounds to centavos, half up", () => {
    expect(readAmount(259.899, "Valor do pedido")).toEqual({ value: 259.9 })
    expect(readAmount(1.005, "Custo do frete")).toEqual({ value: 1.01 })
  })

  it("keeps a free freight as 0", () => {
    expect(readAmount(0, "Custo do frete")).toEqual({ value: 0 })
  })

  it("refuses a negative or non-finite amount with a reason naming it", () => {
    expect(readAmount(-10, "Valor do pedido")).toEqual({ reason: "Valor do pedido negativo" })
    expect(readAmount(Number.NaN, "Custo do frete")).toEqual({ reason: "Custo do frete inválido" })
    expect(readAmount(Infinity, "Custo do frete")).toEqual({ reason: "Custo do frete inválido" })
  })

  it("reads a missing amount as nothing, without a reason", () => {
    expect(readAmount(null, "Valor do pedido")).toBeNull()
    expect(readAmount(undefined, "Valor do pedido")).toBeNull()
  })
})

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

describe("readCpf", () => {
  it.each([
    ["529.982.247-25", CPF],
    [" 529 982 247 25 ", CPF],
    [52998224725, CPF],
    ["111.444.777-35", "11144477735"],
  ])("reads %j as %s", (cpf, expected) => {
    expect(readCpf(cpf)).toEqual({ value: expected })
  })

  it("gives a number back the leading zeros it lost", () => {
    // 046.543.281-65 stored as a number is 4654328165.
    expect(readCpf(4654328165)).toEqual({ value: "04654328165" })
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
    expect(readCpf(cpf)).toEqual({ reason: expect.stringMatching(reason) })
  })

  it("never gives an invalid CPF back in full, only masked", () => {
    const text = JSON.stringify(readCpf("529.982.247-24"))
    expect(text).not.toContain("52998224724")
    expect(text).not.toContain("529.982.247-24")
  })

  it.each([[null], [undefined], [""], ["  "]])("reads %j as nothing, without a reason", (cpf) => {
    expect(readCpf(cpf)).toBeNull()
  })
})

describe("readFreightNumber", () => {
  it.each([
    [98765, 98765],
    ["000123", 123],
    [" 42 ", 42],
    [0, 0],
  ])("reads %j as %j", (freightNumber, expected) => {
    expect(readFreightNumber(freightNumber)).toEqual({ value: expected })
  })

  it.each([[-1], [1.5], ["12a"], ["1e3"], [{ id: 1 }], [2 ** 53], ["9007199254740993"]])("refuses %j with a reason", (freightNumber) => {
    expect(readFreightNumber(freightNumber)).toEqual({ reason: expect.stringMatching(/freight_number/) })
  })

  it.each([[null], [undefined], [""], [" "]])("reads %j as nothing, without a reason", (freightNumber) => {
    expect(readFreightNumber(freightNumber)).toBeNull()
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

describe("roundTo", () => {
  it("rounds half up, 1.005 included despite its binary form", () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(259.899, 2)).toBe(259.9)
    expect(roundTo(0.0999, 3)).toBe(0.1)
    expect(roundTo(1.234, 2)).toBe(1.23)
  })

  it("gives a value too large to scale back as it is", () => {
    expect(roundTo(1e307, 2)).toBe(1e307)
    expect(roundTo(Number.MAX_VALUE, 3)).toBe(Number.MAX_VALUE)
  })
})

const pack = DEFAULT_SETTINGS.default_package

describe("parcelOf (kg and cm)", () => {
  it("is the default package without items", () => {
    expect(parcelOf([], pack)).toEqual({ weightKg: pack.weight_kg, lengthCm: pack.length_cm, widthCm: pack.width_cm, heightCm: pack.height_cm })
  })

  it("stacks the items: as long and wide as the largest, as high and heavy as all together", () => {
    const items = [
      { title: "Camiseta", quantity: 2, weightKg: 0.25, lengthCm: 30, widthCm: 25, heightCm: 2 },
      { title: "Caneca", quantity: 1, weightKg: 0.4, lengthCm: 12, widthCm: 12, heightCm: 10 },
    ]
    expect(parcelOf(items, pack)).toEqual({ weightKg: 0.9, lengthCm: 30, widthCm: 25, heightCm: 14 })
  })

  it("counts the default package's weight for an item without weight", () => {
    const items = [{ title: "Livro", quantity: 3, weightKg: null, lengthCm: 23, widthCm: 16, heightCm: 2 }]
    expect(parcelOf(items, pack).weightKg).toBeCloseTo(3 * pack.weight_kg, 10)
  })

  it("counts the default package's dimensions for an item lacking any one of them", () => {
    const items = [
      { title: "Livro", quantity: 1, weightKg: 0.5, lengthCm: 10, widthCm: 10, heightCm: 3 },
      { title: "Pôster", quantity: 2, weightKg: 0.2, lengthCm: 60, widthCm: null, heightCm: 1 },
    ]
    const parcel = parcelOf(items, pack)
    expect(parcel.lengthCm).toBe(Math.max(10, pack.length_cm))
    expect(parcel.widthCm).toBe(Math.max(10, pack.width_cm))
    expect(parcel.heightCm).toBe(3 + 2 * pack.height_cm)
    expect(parcel.weightKg).toBe(0.9)
  })

  it("rounds weight to 3 decimals and dimensions to 2", () => {
    const items = [{ title: "Parafuso", quantity: 3, weightKg: 0.0333, lengthCm: 1.234, widthCm: 0.555, heightCm: 0.3333 }]
    expect(parcelOf(items, pack)).toEqual({ weightKg: 0.1, lengthCm: 1.23, widthCm: 0.56, heightCm: 1 })
  })
})

describe("parcelMeasure", () => {
  it("gives a finite measure as the value", () => {
    expect(parcelMeasure(0.9, "Peso")).toEqual({ value: 0.9 })
  })

  it.each([[Infinity], [Number.NaN]])("refuses %p with a reason naming the measure", (measure) => {
    expect(parcelMeasure(measure, "Peso")).toEqual({ reason: expect.stringMatching(/^Peso do pacote grande demais/) })
  })
})

describe("promisedDate", () => {
  it("counts business days from the shipping date, 0 being the shipping day", () => {
    // Tuesday 2026-03-10.
    expect(promisedDate("2026-03-10", 2)).toEqual({ value: "2026-03-12" })
    expect(promisedDate("2026-03-10", 0)).toEqual({ value: "2026-03-10" })
  })

  it("is nothing, without a reason, when the deadline is unknown", () => {
    expect(promisedDate("2026-03-10", null)).toBeNull()
    expect(promisedDate("2026-03-10", undefined)).toBeNull()
  })

  it.each([[1.5], [-1], [Number.NaN]])("refuses a deadline of %p days, not a whole number of days", (days) => {
    expect(promisedDate("2026-03-10", days)).toEqual({ reason: expect.stringMatching(/Prazo de entrega inválido/) })
  })

  it("refuses a deadline longer than the calendar counts", () => {
    expect(promisedDate("2026-03-10", MAX_BUSINESS_DAYS + 1)).toEqual({ reason: expect.stringMatching(/Prazo de entrega longo demais/) })
  })

  it("refuses a promised date beyond the business-day calendar", () => {
    expect(promisedDate("9999-12-30", 5)).toEqual({ reason: expect.stringMatching(/fora do calendário de dias úteis/) })
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
    expect(streetAndNumber({ address1, metadata: { cpf: "52998224725" } })).toEqual({ street, number: { value: number } })
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
    expect(streetAndNumber({ address1: "Rua das Flores", metadata: { cpf: "52998224725", number: "12B" } })).toEqual({ street: "Rua das Flores", number: { value: "12B" } })
    expect(streetAndNumber({ address1: "Rua das Flores", metadata: { numero: 300 } })).toEqual({ street: "Rua das Flores", number: { value: "300" } })
    expect(streetAndNumber({ address1: "Rua das Flores, 45", metadata: { number: "12" } })).toEqual({ street: "Rua das Flores, 45", number: { value: "12" } })
  })

  it("splits address1 when the metadata's number is unusable, and gives its reason when address1 has none", () => {
    expect(streetAndNumber({ address1: "Rua das Flores, 45", metadata: { number: { n: 1 } } })).toEqual({ street: "Rua das Flores", number: { value: "45" } })
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
