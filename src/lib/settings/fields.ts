import { z } from "zod"
import { tryNormalizeCep } from "../brazil/cep"
import { BRAZILIAN_STATES } from "../brazil/cep-state"

// The settings' field types, with their messages in the merchant's language.

/** Postgres's jsonb refuses `\u0000` and a lone UTF-16 surrogate, which JSON allows (the save would fail: a 500). */
export const isStorableText = (value: string): boolean =>
  !value.includes("\u0000") && !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)

const NOT_STORABLE = "caractere não permitido (nulo ou Unicode inválido)"
export const text = (max: number, required: string | null = "informe um texto") => {
  const trimmed = z.string({ error: "informe um texto" }).trim()
  return (required === null ? trimmed : trimmed.min(1, required))
    .max(max, `no máximo ${max} caracteres`)
    .refine(isStorableText, NOT_STORABLE)
}
export const list = <T extends z.ZodType>(item: T) => z.array(item, { error: "informe uma lista" })
export const record = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: "informe um objeto" })
export const flag = z.boolean({ error: "use true ou false" })
export const count = (what: string, min: number, max: number) =>
  z
    .number({ error: `informe um número${what}` })
    .int("use um número inteiro")
    .min(min, `no mínimo ${min}`)
    .max(max, `no máximo ${max}`)
export const cep = z
  .string({ error: "informe o CEP como texto" })
  .transform(tryNormalizeCep)
  .pipe(z.string({ error: "CEP inválido: use 8 dígitos, como 01310-100" }))
export const reais = z
  .number({ error: "informe um valor em reais" })
  .nonnegative("não pode ser negativo")
  .max(1_000_000, "no máximo R$ 1.000.000")
export const positive = (max: number) =>
  z.number({ error: "informe um número" }).positive("deve ser maior que zero").max(max, `no máximo ${max}`)
export const wholeDays = z
  .number({ error: "informe um número de dias" })
  .int("use um número inteiro de dias")
  .nonnegative("não pode ser negativo")
  .max(365, "no máximo 365 dias")
export const serviceCode = text(100, "informe o código do serviço")
export const serviceName = text(100, "informe o nome do serviço")
export const metadataKey = text(100, "informe a chave")
export const states = list(z.enum(BRAZILIAN_STATES, { error: "UF inválida" }))
export const cepRanges = list(
  record({ from: cep, to: cep }).refine((range) => range.from <= range.to, {
    message: "o CEP inicial deve ser menor ou igual ao final",
    path: ["to"],
  })
)

export const percentPrice = record({
  type: z.literal("percent"),
  value: z.number({ error: "informe um percentual" }).nonnegative("não pode ser negativo").max(100, "no máximo 100%"),
})
