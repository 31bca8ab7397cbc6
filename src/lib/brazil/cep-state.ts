/** The 27 federative units, as their two-letter codes (UF). */
export const BRAZILIAN_STATES = [
  "AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE",
  "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO",
] as const

/** One of the 27 federative units ("SP", "RJ", …). */
export type BrazilianState = (typeof BRAZILIAN_STATES)[number]

/**
 * CEP ranges of the Brazilian states, by the first five digits (Correios' table). Used to match
 * free-freight rules limited to states when the shipping address carries no state.
 */
const RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [1000, 19999, "SP"], [20000, 28999, "RJ"], [29000, 29999, "ES"], [30000, 39999, "MG"],
  [40000, 48999, "BA"], [49000, 49999, "SE"], [50000, 56999, "PE"], [57000, 57999, "AL"],
  [58000, 58999, "PB"], [59000, 59999, "RN"], [60000, 63999, "CE"], [64000, 64999, "PI"],
  [65000, 65999, "MA"], [66000, 68899, "PA"], [68900, 68999, "AP"], [69000, 69299, "AM"],
  [69300, 69399, "RR"], [69400, 69899, "AM"], [69900, 69999, "AC"], [70000, 72799, "DF"],
  [72800, 72999, "GO"], [73000, 73699, "DF"], [73700, 76799, "GO"], [76800, 76999, "RO"],
  [77000, 77999, "TO"], [78000, 78899, "MT"], [79000, 79999, "MS"], [80000, 87999, "PR"],
  [88000, 89999, "SC"], [90000, 99999, "RS"],
]

/** The state (UF) of a normalised 8-digit CEP, or null outside the table. */
export function stateOfCep(cep: string): string | null {
  const prefix = Number(cep.slice(0, 5))
  const range = RANGES.find(([from, to]) => prefix >= from && prefix <= to)
  return range ? range[2] : null
}

/** A UF, in either case, optionally as an ISO 3166-2 code ("br-rj", as Medusa stores provinces). */
const UF_CODE = /^(?:br-)?([a-z]{2})$/i

/**
 * The state (UF) a province names by its code: "RJ", " rj ", "br-rj", "BR-RJ" -> "RJ". Null for a
 * state written out ("Rio de Janeiro"), two letters that are no UF ("XX"), blank text or anything
 * that is not text. Only the letters A to Z count, in either case.
 */
export function stateOfProvince(province: unknown): BrazilianState | null {
  const code = typeof province === "string" ? province.trim().match(UF_CODE)?.[1]?.toUpperCase() : undefined
  return BRAZILIAN_STATES.find((uf) => uf === code) ?? null
}
