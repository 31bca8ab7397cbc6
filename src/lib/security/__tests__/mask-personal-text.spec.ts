import fc from "fast-check"
import { isValidCpf } from "../../brazil/cpf"
import { maskPersonalText } from "../mask-personal-text"

/** A CPF with right check digits, from its first nine. */
function cpfFrom(nine: number[]): string {
  const check = (digits: number[], weight: number) => {
    const remainder = digits.reduce((sum, digit, index) => sum + digit * (weight - index), 0) % 11
    return remainder < 2 ? 0 : 11 - remainder
  }
  const first = check(nine, 10)
  return [...nine, first, check([...nine, first], 11)].join("")
}

const cpf = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map(cpfFrom).filter(isValidCpf)
const formatted = (digits: string) => `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`

/** Text around the data: words, punctuation and short numbers, never a letter or digit touching it (a space is put between). */
const context = fc.string({ unit: fc.constantFrom(..."abc xyz,.:;()-!?ãé 12 R$"), maxLength: 30 })
const around = (value: string) => fc.tuple(context, context).map(([before, after]) => `${before} ${value} ${after}`)

const areaCode = fc.integer({ min: 11, max: 99 })
const subscriber = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999_999 })).map(([mobile, number]) => `${mobile ? "9" : ""}${String(number).padStart(8, "0")}`)
const phone = fc.tuple(areaCode, subscriber, fc.constantFrom("bare", "parens", "spaced", "international")).map(([ddd, number, style]) => {
  const split = `${number.slice(0, -4)}-${number.slice(-4)}`
  const text = style === "bare" ? `${ddd}${number}` : style === "parens" ? `(${ddd}) ${split}` : style === "spaced" ? `${ddd} ${split}` : `+55 ${ddd} ${split}`
  return { text, number }
})

const nameWord = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzáéíóúãõç"), minLength: 3, maxLength: 12 }).map((word) => word[0].toUpperCase() + word.slice(1))
/** Whole words only: a name inside a longer word ("Ana" in "banana") is another word. */
const containsWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(text)

/**
 * Text and personal data, a space apart, as a message quotes them. (Shapes run together with no
 * separator, "98765-4321a@b.io", may be masked further a second time: still masked, only less legible.)
 */
const mixed = fc
  .array(fc.oneof(context, cpf, cpf.map(formatted), fc.emailAddress(), phone.map(({ text }) => text), nameWord, fc.constantFrom("@", ".", "-", "+55", "*")), { maxLength: 8 })
  .map((parts) => parts.join(" "))

describe("maskPersonalText: a service's text, with the shopper's data masked", () => {
  it("masks the refusal that quotes a CPF, a name and an e-mail", () => {
    expect(maskPersonalText("CPF 529.982.247-25 de Maria Silva <maria@example.com> já cadastrado", ["Maria da Silva"])).toBe(
      "CPF ***.982.247-** de M*** S*** <m***@example.com> já cadastrado"
    )
  })

  it("masks CNPJs, phones in their usual forms and bare CPFs; leaves dates, CEPs, amounts and tracking codes", () => {
    expect(maskPersonalText("CNPJ 12.345.678/0001-95 e 12345678000195")).toBe("CNPJ **.345.678/****-** e **.345.678/****-**")
    expect(maskPersonalText("tel (21) 98765-4321, +55 21 98765-4321, 21987654321 ou 98765-4321")).toBe(
      "tel (21) *****-4321, (21) *****-4321, (21) *****-4321 ou *****-4321"
    )
    expect(maskPersonalText("documento 52998224725")).toBe("documento ***.982.247-**")
    const untouched = "Pedido 1001 de 2026-11-24T08:00:00 para o CEP 20040-002 (20040002), R$ 1.234,56, código BR987654321BR"
    expect(maskPersonalText(untouched)).toBe(untouched)
  })

  it("masks a name's words whatever their case or accents, but not its particles nor a longer word", () => {
    expect(maskPersonalText("JOSÉ DA SILVA e jose, da Mariana", ["José da Silva"])).toBe("J*** DA S*** e j***, da Mariana")
    expect(maskPersonalText("nada a mascarar", [null, undefined, "", "da"])).toBe("nada a mascarar")
  })

  it("keeps no CPF whole, formatted or not, wherever it stands", () => {
    fc.assert(
      fc.property(cpf, fc.boolean(), fc.string({ maxLength: 20 }), (digits, punctuated, before) => {
        const value = punctuated ? formatted(digits) : digits
        const masked = maskPersonalText(`${before} ${value} fim`)
        expect(masked).not.toContain(digits)
        expect(masked).not.toContain(formatted(digits))
      })
    )
  })

  it("keeps no e-mail whole", () => {
    fc.assert(
      fc.property(fc.emailAddress().chain(around), fc.emailAddress(), (text, other) => {
        const email = text.trim().split(" ").find((part) => part.includes("@")) ?? other
        expect(maskPersonalText(text)).not.toContain(email)
      })
    )
  })

  it("keeps no phone number whole, only its last four digits", () => {
    fc.assert(
      fc.property(phone.chain(({ text, number }) => around(text).map((sentence) => ({ sentence, text, number }))), ({ sentence, text, number }) => {
        const masked = maskPersonalText(sentence)
        expect(masked).not.toContain(text)
        expect(masked.replace(/\D/g, "")).not.toContain(number)
      })
    )
  })

  it("keeps none of the shopper's name words that identify them", () => {
    fc.assert(
      fc.property(fc.array(nameWord, { minLength: 1, maxLength: 4 }), context, (words, text) => {
        const name = words.join(" ")
        const masked = maskPersonalText(`${text} ${words.map((word) => word.toUpperCase()).join(" ")} ${name} ${text}`, [name])
        for (const word of words) {
          expect(containsWord(masked, word)).toBe(false)
        }
      })
    )
  })

  it("changes nothing the second time, and nothing in text without personal data", () => {
    fc.assert(
      fc.property(mixed, fc.array(nameWord, { maxLength: 3 }), (text, names) => {
        const once = maskPersonalText(text, names)
        expect(maskPersonalText(once, names)).toBe(once)
      })
    )
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abcdefg ,.;:()ãé"), maxLength: 60 }), (text) => {
        expect(maskPersonalText(text)).toBe(text)
      })
    )
  })
})
