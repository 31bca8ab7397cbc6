import { isValidCpf, maskCpf } from "../brazil/cpf"

// Every mask gives a value no pattern matches again: masking twice changes nothing.
const MASKED_PHONE = /^\((?:\d{2}|\*\*)\) \*{4,5}-(?:\d{4}|\*{4})$/

/** "21987654321" -> "(21) *****-4321"; not a Brazilian number: entirely masked. */
export function maskPhone(value: string): string {
  if (MASKED_PHONE.test(value)) return value
  const digits = value.replace(/\D/g, "")
  return /^\d{10,11}$/.test(digits) ? `(${digits.slice(0, 2)}) ${"*".repeat(digits.length - 6)}-${digits.slice(-4)}` : "(**) *****-****"
}

export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@")
  return at < 1 ? "***" : `${value[0]}***${value.slice(at)}`
}

// A masked address ("m***@example.com") is an address too: its domain's digits are not read as a number the second time.
const EMAIL = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`
// Not a digit on either side: a longer number is not a CPF or a phone inside it.
const CNPJ = String.raw`(?<!\d)\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?!\d)`
const CPF = String.raw`(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)`
// With an area code (and maybe +55), punctuated or not; without one, only as "98765-4321" (8 digits alone may be a CEP).
const PHONE = String.raw`(?<![\d+])(?:\+?55[\s.-]?)?(?:\(\d{2}\)\s?|\d{2}[\s.-]?)9?\d{4}[\s.-]?\d{4}(?!\d)|(?<![\d+])9?\d{4}[\s.-]\d{4}(?!\d)`

const SHAPES = new RegExp(`(${EMAIL})|(${CNPJ})|(${CPF})|(${PHONE})`, "g")

function maskShape(match: string, email?: string, cnpj?: string, cpf?: string): string {
  if (email) return maskEmail(email)
  const digits = match.replace(/\D/g, "")
  // A company's CNPJ may be a person's (an MEI): none is kept whole.
  if (cnpj) return `**.${digits.slice(2, 5)}.${digits.slice(5, 8)}/****-**`
  // Eleven bare digits are a phone with its area code as often as a CPF: the check digits tell.
  if (cpf && (/\D/.test(cpf) || isValidCpf(digits))) return maskCpf(digits)
  const phone = digits.replace(/^55(?=\d{10,11}$)/, "")
  return phone.length >= 10 ? maskPhone(phone) : `${"*".repeat(phone.length - 4)}-${phone.slice(-4)}`
}

/** Particles ("da", "dos") say nothing of who the shopper is; masking them would garble the text. */
const PARTICLES = new Set(["das", "dos", "del", "der", "van", "von"])
const LETTER_OR_DIGIT = String.raw`[\p{L}\p{N}]`

function namePattern(names: ReadonlyArray<string | null | undefined>): RegExp | null {
  const words = new Set<string>()
  for (const name of names) {
    for (const word of (name ?? "").split(/[^\p{L}\p{M}'’]+/u)) {
      if (Array.from(word).length >= 3 && !PARTICLES.has(word.toLowerCase())) {
        for (const form of [word, word.normalize("NFD").replace(/\p{M}/gu, "")]) {
          words.add(form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        }
      }
    }
  }
  if (words.size === 0) return null
  // The longest first: "Mariana" is not masked as "Maria" and a tail.
  const alternatives = [...words].sort((a, b) => b.length - a.length).join("|")
  return new RegExp(`(?<!${LETTER_OR_DIGIT})(?:${alternatives})(?!${LETTER_OR_DIGIT})`, "giu")
}

/** A service's text may quote the shopper (LGPD): every e-mail, CPF, CNPJ and phone masked, each word of `names` as "M***". */
export function maskPersonalText(text: string, names: ReadonlyArray<string | null | undefined> = []): string {
  const masked = text.replace(SHAPES, maskShape)
  const pattern = namePattern(names)
  return pattern ? masked.replace(pattern, (word) => `${Array.from(word)[0]}***`) : masked
}
