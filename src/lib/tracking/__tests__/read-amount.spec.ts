import { readAmount } from "../readers"

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
