import { stateOfCep, stateOfProvince } from "../cep-state"

describe("stateOfCep", () => {
  it("gives the state of a CEP by its first five digits", () => {
    expect(stateOfCep("01310100")).toBe("SP")
    expect(stateOfCep("20040002")).toBe("RJ")
    expect(stateOfCep("69900000")).toBe("AC")
  })

  it("is null outside the table", () => {
    expect(stateOfCep("00500000")).toBeNull()
  })
})

describe("stateOfProvince", () => {
  it.each([
    ["RJ", "RJ"],
    [" rj ", "RJ"],
    ["br-rj", "RJ"],
    ["BR-RJ", "RJ"],
    ["bR-Sp", "SP"],
    [" mg ", "MG"],
    ["\tBR-BA\n", "BA"],
  ])("reads %j as %j", (province, state) => {
    expect(stateOfProvince(province)).toBe(state)
  })

  it.each([
    ["Rio de Janeiro"],
    ["São Paulo"],
    ["XX"],
    ["xx"],
    ["BR-XX"],
    ["RJ-BR"],
    ["br- rj"],
    ["BRRJ"],
    ["R J"],
    ["RJX"],
    [""],
    ["  "],
  ])("reads %j as no state", (province) => {
    expect(stateOfProvince(province)).toBeNull()
  })

  it.each([[null], [undefined], [33], [{ uf: "RJ" }], [["RJ"]]])(
    "reads %j, which is not text, as no state",
    (province) => {
      expect(stateOfProvince(province)).toBeNull()
    }
  )

  it("counts only the letters A to Z: no other letter stands for one by changing case", () => {
    // "ſ" (long s) and "ı" (dotless i) upper-case to "S" and "I".
    expect(stateOfProvince("ſp")).toBeNull()
    expect(stateOfProvince("pı")).toBeNull()
  })
})
