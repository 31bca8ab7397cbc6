/**
 * The sandbox's postal-code base: the real CEP ranges of the Brazilian states, by their first five
 * digits. CEPs 00000-000..00999-999 and exactly 99999-999 are left out on purpose, so a test can
 * always get erro 101 / 102 with a well-formed CEP.
 */

export type Region = "norte" | "nordeste" | "centro-oeste" | "sudeste" | "sul"

export interface PostalArea {
  state: string
  region: Region
}

/** [first five digits, last five digits, state], in CEP order. */
const STATE_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [1000, 19999, "SP"], [20000, 28999, "RJ"], [29000, 29999, "ES"], [30000, 39999, "MG"],
  [40000, 48999, "BA"], [49000, 49999, "SE"], [50000, 56999, "PE"], [57000, 57999, "AL"],
  [58000, 58999, "PB"], [59000, 59999, "RN"], [60000, 63999, "CE"], [64000, 64999, "PI"],
  [65000, 65999, "MA"], [66000, 68899, "PA"], [68900, 68999, "AP"], [69000, 69299, "AM"],
  [69300, 69399, "RR"], [69400, 69899, "AM"], [69900, 69999, "AC"], [70000, 72799, "DF"],
  [72800, 72999, "GO"], [73000, 73699, "DF"], [73700, 76799, "GO"], [76800, 76999, "RO"],
  [77000, 77999, "TO"], [78000, 78899, "MT"], [79000, 79999, "MS"], [80000, 87999, "PR"],
  [88000, 89999, "SC"], [90000, 99999, "RS"],
]

const REGION_OF_STATE: Readonly<Record<string, Region>> = {
  AC: "norte", AM: "norte", AP: "norte", PA: "norte", RO: "norte", RR: "norte", TO: "norte",
  AL: "nordeste", BA: "nordeste", CE: "nordeste", MA: "nordeste", PB: "nordeste",
  PE: "nordeste", PI: "nordeste", RN: "nordeste", SE: "nordeste",
  DF: "centro-oeste", GO: "centro-oeste", MS: "centro-oeste", MT: "centro-oeste",
  ES: "sudeste", MG: "sudeste", RJ: "sudeste", SP: "sudeste",
  PR: "sul", RS: "sul", SC: "sul",
}

/** Regions that share a border; a parcel between them travels less than between the others. */
const NEIGHBOUR_REGIONS: Readonly<Record<Region, readonly Region[]>> = {
  norte: ["nordeste", "centro-oeste"],
  nordeste: ["norte", "centro-oeste", "sudeste"],
  "centro-oeste": ["norte", "nordeste", "sudeste", "sul"],
  sudeste: ["nordeste", "centro-oeste", "sul"],
  sul: ["centro-oeste", "sudeste"],
}

const LAST_CEP_OUTSIDE_THE_BASE = "99999999"

/** The state and region of a CEP of 8 digits, or null when the base does not know it. */
export function findPostalArea(cep: string): PostalArea | null {
  if (!/^\d{8}$/.test(cep) || cep === LAST_CEP_OUTSIDE_THE_BASE) {
    return null
  }
  const prefix = Number(cep.slice(0, 5))
  const range = STATE_RANGES.find(([first, last]) => prefix >= first && prefix <= last)
  if (!range) {
    return null
  }
  const state = range[2]
  return { state, region: REGION_OF_STATE[state] }
}

/** How far a parcel travels, from nearest to farthest; prices and deadlines grow with it. */
export type RouteTier = "city" | "state" | "region" | "neighbour" | "far"

/** The tier of a route between two CEPs the base knows. */
export function routeTier(originCep: string, destinationCep: string, origin: PostalArea, destination: PostalArea): RouteTier {
  if (originCep.slice(0, 5) === destinationCep.slice(0, 5)) {
    return "city"
  }
  if (origin.state === destination.state) {
    return "state"
  }
  if (origin.region === destination.region) {
    return "region"
  }
  return NEIGHBOUR_REGIONS[origin.region].includes(destination.region) ? "neighbour" : "far"
}
