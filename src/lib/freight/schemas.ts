import { z } from "zod"
import { parseBrazilianDecimal, toCents } from "../brazil/brazilian-decimal"
import { MAX_BUSINESS_DAYS } from "../brazil/business-days"
import { describeIssues } from "../http/read-answer"

const cep = z.string().regex(/^\d{8}$/, "must be a CEP of 8 digits")
const positive = z.number().finite().positive()
const nonNegative = z.number().finite().nonnegative()

const freightVolumeSchema = z.object({
  sku: z.string().min(1).max(255),
  quantity: z.number().int().positive(),
  price: nonNegative,
  heightCm: positive,
  lengthCm: positive,
  widthCm: positive,
  weightKg: positive,
})

export const freightQuerySchema = z.object({
  originCep: cep,
  destinationCep: cep,
  invoiceValue: nonNegative,
  extraDays: z.number().int().nonnegative().optional(),
  volumes: z.array(freightVolumeSchema).min(1),
})

export type FreightVolume = z.infer<typeof freightVolumeSchema>
export type FreightQuery = z.infer<typeof freightQuerySchema>

export const freightQuoteSchema = z.object({
  consultaToken: z.string(),
  quotations: z.array(
    z.object({
      service: z.string().min(1),
      serviceName: z.string(),
      carrier: z.string().nullable(),
      priceCents: z.number().int().nonnegative(),
      /** Business days; 0 is same day; null when the service does not know. */
      days: z.number().int().nonnegative().nullable(),
      code: z.string().nullable(),
    })
  ),
})

export type FreightQuote = z.infer<typeof freightQuoteSchema>
export type FreightQuotation = FreightQuote["quotations"][number]

const decimal = z
  .union([z.number(), z.string()])
  .transform(parseBrazilianDecimal)
  .pipe(z.number({ error: "is not a decimal number" }))

/** Whole centavos, counted exactly: a price of 309 digits is no price (it would be Infinity). */
const moneyCents = decimal
  .pipe(z.number().nonnegative())
  .transform(toCents)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER))
const wholeNumber = z
  .union([z.number().int(), z.string().trim().regex(/^\d+$/)])
  .transform(Number)
  .pipe(z.number().int().nonnegative())

// The service's "deadline unknown".
const UNKNOWN_DEADLINE = 101

// Prices come as Brazilian text ("1.234,56") or numbers.
const quotationWireSchema = z
  .looseObject({
    servico_metaname: z.string().trim().min(1),
    servico_nome: z.string().trim().min(1),
    transportadora_metaname: z.string().nullish(),
    cotacao_preco: moneyCents,
    cotacao_prazo: wholeNumber,
    cotacao_codigo: z.union([z.string(), z.number()]).nullish(),
  })
  .transform((quotation): FreightQuotation => ({
    service: quotation.servico_metaname,
    serviceName: quotation.servico_nome,
    carrier: quotation.transportadora_metaname ?? null,
    priceCents: quotation.cotacao_preco,
    // Beyond MAX_BUSINESS_DAYS a deadline cannot be placed on the calendar: as good as unknown.
    days:
      quotation.cotacao_prazo === UNKNOWN_DEADLINE || quotation.cotacao_prazo > MAX_BUSINESS_DAYS
        ? null
        : quotation.cotacao_prazo,
    code: quotation.cotacao_codigo?.toString() ?? null,
  }))

export function readQuotations(cotacoes: unknown[]) {
  const quotations: FreightQuotation[] = []
  const dropped: Array<{ index: number; service: string | null; problem: string }> = []
  cotacoes.forEach((raw, index) => {
    const parsed = quotationWireSchema.safeParse(raw)
    if (parsed.success) return void quotations.push(parsed.data)
    const metaname = (raw as { servico_metaname?: unknown } | null)?.servico_metaname
    dropped.push({
      index,
      service: typeof metaname === "string" ? metaname.slice(0, 100) : null,
      problem: describeIssues(parsed.error.issues, "quotation"),
    })
  })
  return { quotations, dropped }
}

// One malformed quotation drops alone; an answer with no readable quotation is no answer (earlier prices are served).
export const freightAnswerWireSchema = z
  .looseObject({ consulta_token: z.string().trim().min(1), cotacoes: z.array(z.unknown()) })
  .transform((answer, ctx) => {
    const { quotations, dropped } = readQuotations(answer.cotacoes)
    if (dropped.length && !quotations.length) {
      const message = `has no readable quotation (${dropped.length} malformed)`
      ctx.addIssue({ code: "custom", path: ["cotacoes"], message })
      return z.NEVER
    }
    return { quote: { consultaToken: answer.consulta_token, quotations }, dropped }
  })
