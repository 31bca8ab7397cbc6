import { isAbsent, type Reading } from "./reading"

/**
 * A Brazilian phone as digits starting with the DDD: 10 digits (landline) or 11 (mobile, a 9
 * after the DDD). A leading country code 55 is dropped. Reasons show the last 4 digits at most.
 */
export function readPhone(raw: unknown): Reading<string> {
  if (typeof raw !== "string" || isAbsent(raw)) {
    return null
  }
  let digits = raw.replace(/\D/g, "")
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) {
    digits = digits.slice(2)
  }
  const ending = digits === "" ? "" : ` (final ${digits.slice(-4)})`
  if (digits.length === 8 || digits.length === 9) {
    return { reason: `Telefone sem DDD${ending}` }
  }
  if (digits.length !== 10 && digits.length !== 11) {
    return { reason: `Telefone inválido: ${digits.length} dígitos, use DDD e número${ending}` }
  }
  if (!/^[1-9]{2}/.test(digits)) {
    return { reason: `Telefone com DDD inválido${ending}` }
  }
  if (digits.length === 11 && digits[2] !== "9") {
    return { reason: `Celular inválido: com 11 dígitos, o número começa com 9 depois do DDD${ending}` }
  }
  return { value: digits }
}
