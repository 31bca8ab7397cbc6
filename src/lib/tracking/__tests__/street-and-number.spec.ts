import { streetAndNumber } from "../readers"

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
