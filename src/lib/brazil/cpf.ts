/**
 * Check digits of the Brazilian tax numbers the tracking order carries: the shopper's CPF and the
 * merchant's CNPJ. Both use the same modulo-11 rule, only with other weights.
 */

const CPF_FIRST_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2]
const CPF_SECOND_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/**
 * True for 11 digits (no punctuation) whose two check digits are right. A number made of one
 * repeated digit ("11111111111") passes the arithmetic but is never issued, so it is refused.
 */
export function isValidCpf(digits: string): boolean {
  return hasValidCheckDigits(digits, 11, CPF_FIRST_WEIGHTS, CPF_SECOND_WEIGHTS)
}

/** True for 14 digits (no punctuation) whose two check digits are right; one repeated digit is refused. */
export function isValidCnpj(digits: string): boolean {
  return hasValidCheckDigits(digits, 14, CNPJ_FIRST_WEIGHTS, CNPJ_SECOND_WEIGHTS)
}

/**
 * "52998224725" -> "***.982.247-**": enough for a merchant to recognise the CPF in a message,
 * too little to be the CPF. Anything that is not 11 digits is masked entirely.
 */
export function maskCpf(digits: string): string {
  if (!/^\d{11}$/.test(digits)) {
    return "***.***.***-**"
  }
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`
}

function hasValidCheckDigits(digits: string, length: number, firstWeights: number[], secondWeights: number[]): boolean {
  if (!new RegExp(`^\\d{${length}}$`).test(digits) || /^(\d)\1*$/.test(digits)) {
    return false
  }
  const first = checkDigit(digits, firstWeights)
  const second = checkDigit(digits, secondWeights)
  return digits.endsWith(`${first}${second}`)
}

/** The modulo-11 check digit over the first `weights.length` digits: 0 when the remainder is 0 or 1. */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0)
  const remainder = sum % 11
  return remainder < 2 ? 0 : 11 - remainder
}
