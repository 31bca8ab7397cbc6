// The modulo-11 check digits of the shopper's CPF and the merchant's CNPJ. The weights are the second
// digit's; the first digit's are the same without their first.
const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

// One digit repeated ("11111111111") passes the arithmetic but is never issued: refused.
export const isValidCpf = (digits: string): boolean => hasValidCheckDigits(digits, 11, CPF_WEIGHTS)
export const isValidCnpj = (digits: string): boolean => hasValidCheckDigits(digits, 14, CNPJ_WEIGHTS)

/** "52998224725" -> "***.982.247-**": enough for a merchant to recognise, too little to use. */
export function maskCpf(digits: string): string {
  return /^\d{11}$/.test(digits) ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : "***.***.***-**"
}

function hasValidCheckDigits(digits: string, length: number, weights: number[]): boolean {
  if (!new RegExp(`^\\d{${length}}$`).test(digits) || /^(\d)\1*$/.test(digits)) return false
  return digits.endsWith(`${checkDigit(digits, weights.slice(1))}${checkDigit(digits, weights)}`)
}

function checkDigit(digits: string, weights: number[]): number {
  const remainder = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0) % 11
  return remainder < 2 ? 0 : 11 - remainder
}
