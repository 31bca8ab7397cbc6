import { findPostalArea, routeTier } from "../postal-base"

describe("findPostalArea", () => {
  it.each([
    ["01000000", "SP", "sudeste"],
    ["19999999", "SP", "sudeste"],
    ["20040002", "RJ", "sudeste"],
    ["29000000", "ES", "sudeste"],
    ["40010000", "BA", "nordeste"],
    ["68899999", "PA", "norte"],
    ["68900000", "AP", "norte"],
    ["69300000", "RR", "norte"],
    ["69400000", "AM", "norte"],
    ["69900000", "AC", "norte"],
    ["72799999", "DF", "centro-oeste"],
    ["72800000", "GO", "centro-oeste"],
    ["73000000", "DF", "centro-oeste"],
    ["73700000", "GO", "centro-oeste"],
    ["76800000", "RO", "norte"],
    ["77000000", "TO", "norte"],
    ["78899999", "MT", "centro-oeste"],
    ["79000000", "MS", "centro-oeste"],
    ["88000000", "SC", "sul"],
    ["99999998", "RS", "sul"],
  ])("places %s in %s (%s)", (cep, state, region) => {
    expect(findPostalArea(cep)).toEqual({ state, region })
  })

  it.each([["00000000"], ["00999999"], ["99999999"], ["0131010"], ["013101000"], ["01310-10"], ["0131010a"]])(
    "leaves %s outside the base",
    (cep) => {
      expect(findPostalArea(cep)).toBeNull()
    }
  )
})

describe("routeTier", () => {
  const tier = (from: string, to: string) => {
    const origin = findPostalArea(from)
    const destination = findPostalArea(to)
    if (!origin || !destination) {
      throw new Error("fixture CEP outside the base")
    }
    return routeTier(from, to, origin, destination)
  }

  it.each([
    ["01310100", "01310200", "city"],
    ["01310100", "13010000", "state"],
    ["01310100", "20040002", "region"],
    ["01310100", "80010000", "neighbour"],
    ["90010000", "40010000", "far"],
    ["01310100", "69005000", "far"],
    ["69005000", "70040000", "neighbour"],
  ])("rates %s -> %s as %s", (from, to, expected) => {
    expect(tier(from, to)).toBe(expected)
  })
})
