import { isValidCpf, maskCpf } from "../brazil/cpf"
import { maskEmail, maskPhone } from "./mask-contact"

/**
 * A service's own text (an error message, a refusal) may quote the shopper: "CPF 529.982.247-25
 * de Maria Silva <maria@example.com> já cadastrado". What the plugin keeps of it (a row's
 * `last_error`) or logs goes through here first, masked as the stored payload is, so that no
 * personal data is kept or logged in clear (LGPD). Masking too much costs a merchant a digit of
 * context; masking too little leaks a shopper's data, so every shape below is matched broadly.
 *
 * Each mask gives a value no pattern matches again: masking twice changes nothing.
 */

/** A masked address ("m***@example.com") is an address too: its domain's digits are not read as a number the second time. */
const EMAIL = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`
/** Not a digit on either side: a longer number is not a CPF or a phone inside it. */
const CNPJ = String.raw`(?<!\d)\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?!\d)`
const CPF = String.raw`(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)`
/** With an area code (and maybe +55), punctuated or not; without one, only as "98765-4321" (8 digits alone may be a CEP). */
const PHONE = String.raw`(?<![\d+])(?:\+?55[\s.-]?)?(?:\(\d{2}\)\s?|\d{2}[\s.-]?)9?\d{4}[\s.-]?\d{4}(?!\d)|(?<![\d+])9?\d{4}[\s.-]\d{4}(?!\d)`

const SHAPES = new RegExp(`(${EMAIL})|(${CNPJ})|(${CPF})|(${PHONE})`, "g")

/** "12.345.678/0001-95" -> "**.345.678/****-**": a company's CNPJ may be a person's (an MEI), so none is kept whole. */
function maskCnpj(digits: string): string {
  return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/****-**`
}

/** "(21) 98765-4321" -> "(21) *****-4321"; "98765-4321" -> "*****-4321". */
function maskPhoneText(value: string): string {
  const digits = value.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "")
  return digits.length >= 10 ? maskPhone(digits) : `${"*".repeat(digits.length - 4)}-${digits.slice(-4)}`
}

function maskShape(match: string, email?: string, cnpj?: string, cpf?: string): string {
  if (email) {
    return maskEmail(email)
  }
  const digits = match.replace(/\D/g, "")
  if (cnpj) {
    return maskCnpj(digits)
  }
  // Eleven bare digits are a phone with its area code as often as a CPF: the check digits tell.
  if (cpf && (/\D/.test(cpf) || isValidCpf(digits))) {
    return maskCpf(digits)
  }
  return maskPhoneText(match)
}

/** Short words and particles ("da", "dos") say nothing of who the shopper is; masking them would garble the text. */
const PARTICLES = new Set(["das", "dos", "del", "der", "van", "von"])
const LETTER_OR_DIGIT = String.raw`[\p{L}\p{N}]`

const withoutAccents = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "")
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The words of the names that identify someone, as a pattern of whole words; null when there are none. */
function namePattern(names: ReadonlyArray<string | null | undefined>): RegExp | null {
  const words = new Set<string>()
  for (const name of names) {
    for (const word of (name ?? "").split(/[^\p{L}\p{M}'’]+/u)) {
      if (Array.from(word).length >= 3 && !PARTICLES.has(word.toLowerCase())) {
        words.add(escape(word))
        words.add(escape(withoutAccents(word)))
      }
    }
  }
  if (words.size === 0) {
    return null
  }
  // The longest first: "Mariana" is not masked as "Maria" and a tail.
  const alternatives = [...words].sort((a, b) => b.length - a.length).join("|")
  return new RegExp(`(?<!${LETTER_OR_DIGIT})(?:${alternatives})(?!${LETTER_OR_DIGIT})`, "giu")
}

/**
 * `text` with every e-mail, CPF, CNPJ and phone number masked, and each word of `names` (the
 * shopper's name, when the caller knows whose order the text is about) kept as its first letter:
 * "Maria" -> "M***". The input is not changed.
 */
export function maskPersonalText(text: string, names: ReadonlyArray<string | null | undefined> = []): string {
  const masked = text.replace(SHAPES, maskShape)
  const pattern = namePattern(names)
  return pattern ? masked.replace(pattern, (word) => `${Array.from(word)[0]}***`) : masked
}
