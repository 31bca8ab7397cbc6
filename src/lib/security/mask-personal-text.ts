import { isValidCnpj, isValidCpf, maskCnpj, maskCpf } from "../brazil/cpf"

// Every mask gives a value no pattern matches again: masking twice changes nothing.
const MASKED_PHONE = /^\((?:\d{2}|\*\*)\) \*{4,5}-(?:\d{4}|\*{4})$/

/** "21987654321" -> "(21) *****-4321"; not a Brazilian number: entirely masked. */
export function maskPhone(value: string): string {
  if (MASKED_PHONE.test(value)) return value
  const digits = value.replace(/\D/g, "")
  if (!/^\d{10,11}$/.test(digits)) return "(**) *****-****"
  return `(${digits.slice(0, 2)}) ${"*".repeat(digits.length - 6)}-${digits.slice(-4)}`
}

export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@")
  return at < 1 ? "***" : `${value[0]}***${value.slice(at)}`
}

// A masked address ("m***@example.com") is an address too: its domain's digits are not read as a number again.
const EMAIL = String.raw`[\p{L}\p{N}!#$%&'*+/=?^_\x60{|}~.-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`
// Not a digit on either side: a longer number is not a CPF or a phone inside it. A CNPJ may be alphanumeric (IN RFB
// 2.229/2024): punctuated here; unpunctuated, only with its check digits (below).
const NUMERIC_CNPJ = String.raw`(?<!\d)\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?!\d)`
const CNPJ = String.raw`${NUMERIC_CNPJ}|(?<![\p{L}\p{N}])[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}(?!\d)`
// Its groups apart by dots, dashes or spaces ("529 982 247 25", "529982247 - 25").
const CPF = String.raw`(?<!\d)\d{3}[.\s-]?\d{3}[.\s-]?\d{3}\s*[.\s-]?\s*\d{2}(?!\d)`
// With an area code (and maybe +55), punctuated or not; without one, only as "98765-4321" (8 digits may be a CEP).
const PHONE_WITH_AREA = String.raw`(?<![\d+])(?:\+?55[\s.-]?)?(?:\(\d{2}\)\s?|\d{2}[\s.-]?)9?\d{4}[\s.-]?\d{4}(?!\d)`
const PHONE = String.raw`${PHONE_WITH_AREA}|(?<![\d+])9?\d{4}[\s.-]\d{4}(?!\d)`
// "30130-010" and "30.130-010" are CEPs wherever they stand: no other Brazilian number is written 5-3. Eight bare
// digits are one only after the word CEP; alone they are as often an order, an invoice or a date ("20261124").
const CEP_LABEL = String.raw`(?<![\p{L}\p{N}])[Cc][Ee][Pp](?:\s+d[eo]\s+(?:destino|origem))?[\s:=.#º°-]{0,3}`
const CEP = String.raw`(?<!\d)(?:\d{5}|\d{2}\.\d{3})-\d{3}(?!\d)|(${CEP_LABEL})\d{2}\.?\d{3}[\s.-]?\d{3}(?!\d)`

const SHAPES = new RegExp(`(${EMAIL})|(${CNPJ})|(${CPF})|(${PHONE})|(${CEP})`, "gu")
// Fourteen characters unpunctuated are a CNPJ only if their check digits say so: tokens and codes take that shape.
const BARE_ALPHANUMERIC_CNPJ = /(?<![\p{L}\p{N}])[0-9A-Z]{12}\d{2}(?![\p{L}\p{N}])/gu

function maskShape(match: string, ...[email, cnpj, cpf, , cep, cepLabel]: Array<string | undefined>): string {
  if (email) return maskEmail(email)
  if (cep) return `${cepLabel ?? ""}*****-***`
  const digits = match.replace(/[^0-9A-Z]/g, "")
  // A company's CNPJ may be a person's (an MEI): none is kept whole.
  if (cnpj) return maskCnpj(digits)
  // Eleven bare digits are a phone with its area code as often as a CPF: the check digits tell.
  if (cpf && (/\D/.test(cpf) || isValidCpf(digits))) return maskCpf(digits)
  const phone = digits.replace(/^55(?=\d{10,11}$)/, "")
  return phone.length >= 10 ? maskPhone(phone) : `${"*".repeat(phone.length - 4)}-${phone.slice(-4)}`
}

/** Particles ("da", "dos") say nothing of who the shopper is; masking them would garble the text. */
const PARTICLES = new Set(["das", "dos", "del", "der", "van", "von"])
const LETTER_OR_DIGIT = String.raw`[\p{L}\p{N}]`
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")

/** The order's values as one pattern: an e-mail as is, a number in any separator shape, each word of a text. */
function knownPattern(known: ReadonlyArray<string | null | undefined>): RegExp | null {
  const alternatives = new Set<string>()
  for (const value of known) {
    const text = (value ?? "").trim()
    if (text.includes("@")) alternatives.add(escape(text))
    else {
      const separated = (number: string) => [...number.replace(/\D/g, "")].join(String.raw`[\s.\-/()]*`)
      for (const number of text.match(/\d(?:[\s.\-/()]*\d)+/g) ?? []) alternatives.add(separated(number))
      for (const word of text.split(/[^\p{L}\p{M}'’]+/u)) {
        if (Array.from(word).length < 3 || PARTICLES.has(word.toLowerCase())) continue
        for (const form of [word, word.normalize("NFD").replace(/\p{M}/gu, "")]) alternatives.add(escape(form))
      }
    }
  }
  if (alternatives.size === 0) return null
  // The longest first: "Mariana" is not masked as "Maria" and a tail.
  const ordered = [...alternatives].sort((a, b) => b.length - a.length).join("|")
  return new RegExp(`(?<!${LETTER_OR_DIGIT})(?:${ordered})(?!${LETTER_OR_DIGIT})`, "giu")
}

const maskKnown = (value: string): string => {
  if (value.includes("@")) return maskEmail(value)
  return /^\d/.test(value) ? "***" : `${Array.from(value)[0]}***`
}

/** A service's text may quote the shopper (LGPD): the order's `known` values in any separator shape, case or accents,
 * then every e-mail, CPF, CNPJ, phone and CEP by its shape. */
export function maskPersonalText(text: string, known: ReadonlyArray<string | null | undefined> = []): string {
  const pattern = knownPattern(known)
  const unknown = pattern ? text.replace(pattern, maskKnown) : text
  // A pass of its own: a token whose check digits fail stays whole for the other shapes, which may find a CPF in it.
  const bareCnpjs = unknown.replace(BARE_ALPHANUMERIC_CNPJ, (cnpj) => (isValidCnpj(cnpj) ? maskCnpj(cnpj) : cnpj))
  return bareCnpjs.replace(SHAPES, maskShape)
}
