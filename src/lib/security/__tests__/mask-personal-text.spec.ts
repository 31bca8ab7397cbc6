import fc from "fast-check"
import { isValidCnpj, isValidCpf } from "../../brazil/cpf"
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

const cpf = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
  .map(cpfFrom)
  .filter(isValidCpf)
const formatted = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`

/** Text around the data: words, punctuation and short numbers, never a letter or digit touching it (a space is put between). */
const context = fc.string({ unit: fc.constantFrom(..."abc xyz,.:;()-!?ãé 12 R$"), maxLength: 30 })
const around = (value: string) => fc.tuple(context, context).map(([before, after]) => `${before} ${value} ${after}`)

const areaCode = fc.integer({ min: 11, max: 99 })
const subscriber = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([mobile, number]) => `${mobile ? "9" : ""}${String(number).padStart(8, "0")}`)
const phone = fc
  .tuple(areaCode, subscriber, fc.constantFrom("bare", "parens", "spaced", "international"))
  .map(([ddd, number, style]) => {
    const split = `${number.slice(0, -4)}-${number.slice(-4)}`
    const text =
      style === "bare"
        ? `${ddd}${number}`
        : style === "parens"
          ? `(${ddd}) ${split}`
          : style === "spaced"
            ? `${ddd} ${split}`
            : `+55 ${ddd} ${split}`
    return { text, number }
  })

/** A CEP's 8 digits and the shapes a message writes them in, with or without the word CEP before them. */
const cep = fc.integer({ min: 1_000_000, max: 99_999_999 }).map((number) => String(number).padStart(8, "0"))
const cepShapes = (digits: string) => [
  `${digits.slice(0, 5)}-${digits.slice(5)}`,
  `${digits.slice(0, 2)}.${digits.slice(2, 5)}-${digits.slice(5)}`,
]
const labelled = (digits: string) => fc.constantFrom("CEP ", "CEP: ", "cep ").map((label) => `${label}${digits}`)
const cepWritten = cep.chain((digits) =>
  fc.oneof(fc.constantFrom(...cepShapes(digits)), labelled(digits)).map((text) => ({ text, digits }))
)

/** An alphanumeric CNPJ (IN RFB 2.229/2024) with the check digits that make it valid. */
const alphanumericCnpj = fc
  .string({ unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength: 12, maxLength: 12 })
  .map((twelve) => {
    const candidates = Array.from({ length: 100 }, (_, check) => `${twelve}${String(check).padStart(2, "0")}`)
    return candidates.find(isValidCnpj)
  })
  .filter((cnpj): cnpj is string => cnpj !== undefined)

const nameWord = fc
  .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzáéíóúãõç"), minLength: 3, maxLength: 12 })
  .map((word) => word[0].toUpperCase() + word.slice(1))
/** Whole words only: a name inside a longer word ("Ana" in "banana") is another word. */
const containsWord = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu").test(text)

/**
 * Text and personal data, a space apart, as a message quotes them. (Shapes run together with no
 * separator, "98765-4321a@b.io", may be masked further a second time: still masked, only less legible.)
 */
const mixed = fc
  .array(
    fc.oneof(
      context,
      cpf,
      cpf.map(formatted),
      fc.emailAddress(),
      phone.map(({ text }) => text),
      cepWritten.map(({ text }) => text),
      alphanumericCnpj,
      nameWord,
      fc.constantFrom("@", ".", "-", "+55", "*")
    ),
    { maxLength: 8 }
  )
  .map((parts) => parts.join(" "))

describe("maskPersonalText: a service's text, with the shopper's data masked", () => {
  it("masks the refusal that quotes a CPF, a name and an e-mail", () => {
    expect(
      maskPersonalText("CPF 529.982.247-25 de Maria Silva <maria@example.com> já cadastrado", ["Maria da Silva"])
    ).toBe("CPF ***.982.247-** de M*** S*** <m***@example.com> já cadastrado")
  })

  it("masks CNPJs, phones in their usual forms and bare CPFs; leaves dates, numbers, amounts, tracking codes", () => {
    expect(maskPersonalText("CNPJ 12.345.678/0001-95 e 12345678000195")).toBe(
      "CNPJ **.345.678/****-** e **.345.678/****-**"
    )
    expect(maskPersonalText("tel (21) 98765-4321, +55 21 98765-4321, 21987654321 ou 98765-4321")).toBe(
      "tel (21) *****-4321, (21) *****-4321, (21) *****-4321 ou *****-4321"
    )
    expect(maskPersonalText("documento 52998224725")).toBe("documento ***.982.247-**")
    const untouched = "Pedido 1001 de 2026-11-24T08:00:00, nota 20040002, R$ 1.234,56, código BR987654321BR"
    expect(maskPersonalText(untouched)).toBe(untouched)
  })

  it("masks the unpunctuated alphanumeric CNPJ when its check digits are right; leaves a token of its shape", () => {
    expect(maskPersonalText("CNPJ 12ABC34501DE35 recusado")).toBe("CNPJ **.ABC.345/****-** recusado")
    expect(maskPersonalText("CNPJ 12.ABC.345/01DE-35 e 12ABC34501DE35")).toBe(
      "CNPJ **.ABC.345/****-** e **.ABC.345/****-**"
    )
    expect(maskPersonalText("token 12ABC34501DE36 ou AB12CD34EF5678")).toBe("token 12ABC34501DE36 ou AB12CD34EF5678")
  })

  it("masks a CEP written 5-3 or 2.3-3 anywhere, and 8 digits only after the word CEP", () => {
    expect(maskPersonalText("entrega em 30130-010 ou 30.130-010")).toBe("entrega em *****-*** ou *****-***")
    expect(maskPersonalText("CEP 30130010, cep: 30130 010, CEP de destino 30.130010 não atendido")).toBe(
      "CEP *****-***, cep: *****-***, CEP de destino *****-*** não atendido"
    )
    // Alone, eight digits are an order, an invoice or a date as often: kept.
    expect(maskPersonalText("pedido 30130010 de 20261124")).toBe("pedido 30130010 de 20261124")
  })

  it("masks a name's words whatever their case or accents, but not its particles nor a longer word", () => {
    expect(maskPersonalText("JOSÉ DA SILVA e jose, da Mariana", ["José da Silva"])).toBe(
      "J*** DA S*** e j***, da Mariana"
    )
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
        const email =
          text
            .trim()
            .split(" ")
            .find((part) => part.includes("@")) ?? other
        expect(maskPersonalText(text)).not.toContain(email)
      })
    )
  })

  it("keeps no phone number whole, only its last four digits", () => {
    fc.assert(
      fc.property(
        phone.chain(({ text, number }) => around(text).map((sentence) => ({ sentence, text, number }))),
        ({ sentence, text, number }) => {
          const masked = maskPersonalText(sentence)
          expect(masked).not.toContain(text)
          expect(masked.replace(/\D/g, "")).not.toContain(number)
        }
      )
    )
  })

  it("keeps no CEP whole in the shapes it is masked by, and eight digits without the word CEP as they are", () => {
    const sentences = cepWritten.chain(({ text, digits }) => around(text).map((sentence) => ({ sentence, digits })))
    fc.assert(
      fc.property(sentences, ({ sentence, digits }) => {
        const masked = maskPersonalText(sentence)
        for (const shape of [digits, ...cepShapes(digits)]) expect(masked).not.toContain(shape)
      })
    )
    fc.assert(
      fc.property(cep, (digits) => {
        expect(maskPersonalText(`pedido ${digits} enviado`)).toBe(`pedido ${digits} enviado`)
      })
    )
  })

  it("keeps no alphanumeric CNPJ whole, with or without its punctuation", () => {
    const punctuated = (cnpj: string) =>
      `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    fc.assert(
      fc.property(alphanumericCnpj, fc.boolean(), context, (cnpj, withPunctuation, text) => {
        const masked = maskPersonalText(`${text} ${withPunctuation ? punctuated(cnpj) : cnpj} ${text}`)
        expect(masked).not.toContain(cnpj)
        expect(masked).not.toContain(punctuated(cnpj))
      })
    )
  })

  it("keeps none of the shopper's name words that identify them", () => {
    fc.assert(
      fc.property(fc.array(nameWord, { minLength: 1, maxLength: 4 }), context, (words, text) => {
        const name = words.join(" ")
        const masked = maskPersonalText(
          `${text} ${words.map((word) => word.toUpperCase()).join(" ")} ${name} ${text}`,
          [name]
        )
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
