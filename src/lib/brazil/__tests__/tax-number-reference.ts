import fc from "fast-check"

// ---- An independent CPF / CNPJ check, written from the Receita Federal's rule, and generators of ----
// ---- valid numbers: what the property specs compare the plugin's own code with.                  ----

/** Modulo 11 over `digits` with weights counting down from `digits.length + 1` (CPF) or the CNPJ cycle. */
function mod11(digits: number[], weights: number[]): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += digits[i] * weights[i]
  const rest = (sum * 10) % 11
  return rest === 10 ? 0 : rest
}
const cpfWeights = (n: number) => Array.from({ length: n }, (_, i) => n + 1 - i)
const cnpjWeights = (n: number) =>
  Array.from({ length: n }, (_, i) => [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - n)[i])

export function referenceCpf(text: string): boolean {
  if (!/^[0-9]{11}$/.test(text) || new Set(text).size === 1) return false
  const d = [...text].map(Number)
  return mod11(d.slice(0, 9), cpfWeights(9)) === d[9] && mod11(d.slice(0, 10), cpfWeights(10)) === d[10]
}

/** IN RFB 2.229/2024's table: "0"–"9" are 0–9, "A" is 17, "B" 18 … "Z" 42 (the code point minus 48). */
const CNPJ_VALUES = new Map(
  [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((character, index) => [character, index < 10 ? index : index + 7])
)

export function referenceCnpj(text: string): boolean {
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(text) || new Set(text).size === 1) return false
  const d = [...text].map((character) => CNPJ_VALUES.get(character) as number)
  // The CNPJ's rule: remainder < 2 gives 0, else 11 - remainder.
  const digit = (part: number[]) => {
    const weights = cnpjWeights(part.length)
    const rest = part.reduce((sum, value, i) => sum + value * weights[i], 0) % 11
    return rest < 2 ? 0 : 11 - rest
  }
  return digit(d.slice(0, 12)) === d[12] && digit(d.slice(0, 13)) === d[13]
}

function completeCpf(nine: string): string {
  const d = [...nine].map(Number)
  const first = mod11(d, cpfWeights(9))
  return `${nine}${first}${mod11([...d, first], cpfWeights(10))}`
}

function completeCnpj(twelve: string): string {
  const d = [...twelve].map((character) => CNPJ_VALUES.get(character) as number)
  const digit = (part: number[]) => {
    const weights = cnpjWeights(part.length)
    const rest = part.reduce((sum, value, i) => sum + value * weights[i], 0) % 11
    return rest < 2 ? 0 : 11 - rest
  }
  const first = digit(d)
  return `${twelve}${first}${digit([...d, first])}`
}

export const digitString = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length })
export const validCpf = digitString(9).map(completeCpf).filter(referenceCpf)
export const validCnpj = digitString(12).map(completeCnpj).filter(referenceCnpj)
/** Since July 2026: 12 digits and capital letters, then the two check digits. */
export const validAlphanumericCnpj = fc
  .string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 12, maxLength: 12 })
  .map(completeCnpj)
  .filter(referenceCnpj)
export const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`

/** Any 11 digits in a text (punctuated as a CPF may be) that make a valid CPF. */
export function cpfsIn(textValue: string): string[] {
  return (textValue.match(/\d(?:[.\-/\s]?\d){10}/g) ?? []).map((match) => match.replace(/\D/g, "")).filter(referenceCpf)
}
