import { cnpjCharacters, isValidCnpj, isValidCpf, maskCpf } from "../cpf"

describe("isValidCpf", () => {
  it.each([["52998224725"], ["11144477735"]])("accepts %s, whose check digits are right", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true)
  })

  it("refuses a wrong second check digit", () => {
    expect(isValidCpf("52998224724")).toBe(false)
  })

  it("refuses a wrong first check digit", () => {
    expect(isValidCpf("52998224735")).toBe(false)
  })

  it.each([["11111111111"], ["00000000000"], ["99999999999"]])("refuses %s, one repeated digit", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false)
  })

  it.each([["529.982.247-25"], ["5299822472"], ["529982247250"], [""], ["5299822472a"]])(
    "refuses %j: digits only, exactly 11",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false)
    }
  )
})

describe("isValidCnpj", () => {
  it("accepts 11222333000181, whose check digits are right", () => {
    expect(isValidCnpj("11222333000181")).toBe(true)
  })

  it.each([["11222333000182"], ["11222333000191"]])("refuses %s, a wrong check digit", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false)
  })

  it.each([["00000000000000"], ["11111111111111"]])("refuses %s, one repeated digit", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false)
  })

  it("takes the alphanumeric CNPJ (IN RFB 2.229/2024), and refuses it with a check digit changed", () => {
    expect(isValidCnpj(cnpjCharacters("12.ABC.345/01DE-35"))).toBe(true)
    expect(isValidCnpj(cnpjCharacters("12.abc.345/01de-35"))).toBe(true)
    expect(isValidCnpj(cnpjCharacters("12.ABC.345/01DE-36"))).toBe(false)
    expect(isValidCnpj("12ABC34501DE3A")).toBe(false)
  })

  it.each([["11.222.333/0001-81"], ["1122233300018"], [""], ["12abc34501de35"]])(
    "refuses %j: 14 characters, capital letters, no punctuation",
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(false)
    }
  )
})

describe("maskCpf", () => {
  it("shows only the middle six digits", () => {
    expect(maskCpf("52998224725")).toBe("***.982.247-**")
  })

  it("masks everything when the input is not 11 digits", () => {
    expect(maskCpf("5299822472")).toBe("***.***.***-**")
    expect(maskCpf("529.982.247-25")).toBe("***.***.***-**")
  })
})
