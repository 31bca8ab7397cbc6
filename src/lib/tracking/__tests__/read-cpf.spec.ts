import { readCpf } from "../readers"

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
