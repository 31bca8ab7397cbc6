// Modulo-11 check digits: the weights are the second digit's, the first digit's are the same without their first. Since
// July 2026 (IN RFB 2.229/2024) a CNPJ may be 12 digits or capital letters then two check digits, each character worth
// its ASCII code minus 48 ("0" is 0, "A" is 17): the numeric CNPJ is the same arithmetic.
const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

// One digit repeated ("11111111111") passes the arithmetic but is never issued: refused.
export const isValidCpf = (digits: string): boolean =>
  /^\d{11}$/.test(digits) && hasValidCheckDigits(digits, CPF_WEIGHTS)
export const isValidCnpj = (cnpj: string): boolean => CNPJ_SHAPE.test(cnpj) && hasValidCheckDigits(cnpj, CNPJ_WEIGHTS)

/** A CNPJ as written ("12.ABC.345/01DE-35", lower case too) as its 14 characters ("12ABC34501DE35"). */
export const cnpjCharacters = (text: string): string => text.replace(/[.\-/\s]/g, "").toUpperCase()
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/

/** "52998224725" -> "***.982.247-**": enough for a merchant to recognise, too little to use. */
export const maskCpf = (digits: string): string =>
  /^\d{11}$/.test(digits) ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : "***.***.***-**"

/** "12ABC34501DE35" -> "**.ABC.345/****-**": a company's CNPJ may be a person's (an MEI). */
export const maskCnpj = (cnpj: string): string =>
  CNPJ_SHAPE.test(cnpj) ? `**.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/****-**` : "**.***.***/****-**"

const hasValidCheckDigits = (characters: string, weights: number[]): boolean =>
  !/^(.)\1*$/.test(characters) &&
  characters.endsWith(`${checkDigit(characters, weights.slice(1))}${checkDigit(characters, weights)}`)

function checkDigit(characters: string, weights: number[]): number {
  const remainder =
    weights.reduce((total, weight, index) => total + weight * (characters.charCodeAt(index) - 48), 0) % 11
  return remainder < 2 ? 0 : 11 - remainder
}
