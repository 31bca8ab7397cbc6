/**
 * The sandbox's postal-code base: the real CEP ranges of the Brazilian states (the plugin's own
 * table, src/lib/brazil/cep-state.ts: both describe the same Correios ranges). CEPs 00000-000 to
 * 00999-999 and exactly 99999-999 are left out on purpose, so a test can always get erro 101 /
 * 102 with a well-formed CEP.
 */

import { stateOfCep } from "../src/lib/brazil/cep-state"

export type Region = "norte" | "nordeste" | "centro-oeste" | "sudeste" | "sul"

export interface PostalArea {
  state: string
  region: Region
}

const REGION_OF_STATE: Readonly<Record<string, Region>> = {
  AC: "norte",
  AM: "norte",
  AP: "norte",
  PA: "norte",
  RO: "norte",
  RR: "norte",
  TO: "norte",
  AL: "nordeste",
  BA: "nordeste",
  CE: "nordeste",
  MA: "nordeste",
  PB: "nordeste",
  PE: "nordeste",
  PI: "nordeste",
  RN: "nordeste",
  SE: "nordeste",
  DF: "centro-oeste",
  GO: "centro-oeste",
  MS: "centro-oeste",
  MT: "centro-oeste",
  ES: "sudeste",
  MG: "sudeste",
  RJ: "sudeste",
  SP: "sudeste",
  PR: "sul",
  RS: "sul",
  SC: "sul",
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
  const state = stateOfCep(cep)
  return state ? { state, region: REGION_OF_STATE[state] } : null
}

/** How far a parcel travels, from nearest to farthest; prices and deadlines grow with it. */
export type RouteTier = "city" | "state" | "region" | "neighbour" | "far"

/** The tier of a route between two CEPs the base knows. */
export function routeTier(
  originCep: string,
  destinationCep: string,
  origin: PostalArea,
  destination: PostalArea
): RouteTier {
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
