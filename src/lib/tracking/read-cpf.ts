import { isValidCpf, maskCpf } from "../brazil/cpf"
import { isAbsent, type Reading } from "./reading"

/**
 * The shopper's CPF as 11 digits, from text with or without punctuation or from a number. Only
 * a CPF whose check digits are right is a value; reasons never carry the full CPF, only its
 * masked form.
 */
export function readCpf(raw: unknown): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  const digits = cpfDigits(raw)
  if (digits === null) {
    return { reason: "CPF em formato não reconhecido: use 11 dígitos, com ou sem pontuação" }
  }
  if (digits.length !== 11) {
    return { reason: `CPF com ${digits.length} dígitos; um CPF tem 11` }
  }
  return isValidCpf(digits) ? { value: digits } : { reason: `CPF inválido (${maskCpf(digits)}): os dígitos verificadores não conferem` }
}

/** "529.982.247-25" or 52998224725 -> "52998224725"; a number gets back the leading zeros it lost. */
function cpfDigits(raw: unknown): string | null {
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) && raw >= 0 ? String(raw).padStart(11, "0") : null
  }
  if (typeof raw === "string" && /^[\d.\-/\s]+$/.test(raw.trim())) {
    return raw.replace(/\D/g, "")
  }
  return null
}
