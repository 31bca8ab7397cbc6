import { MedusaError } from "@medusajs/framework/utils"
import { z as medusaZod } from "@medusajs/framework/zod"
import type { z } from "zod"

type Issue = z.core.$ZodIssue

// A 400 in Portuguese, `explain`ed from the first issue: Medusa words zod's issues in English (before 2.14 it reads
// only zod 3's), but passes a transform's error on as it is. `schema` may be picked by the input, or be a refusal.
export function validated<Out>(
  schema: z.ZodType<Out> | ((value: unknown) => z.ZodType<Out> | string),
  explain: (issue: Issue) => string = (issue) => issue.message
) {
  return medusaZod.unknown().transform((value): Out => {
    const picked = typeof schema === "function" ? schema(value) : schema
    const parsed = typeof picked === "string" ? undefined : picked.safeParse(value)
    if (parsed?.success) return parsed.data
    throw new MedusaError(MedusaError.Types.INVALID_DATA, parsed ? explain(parsed.error.issues[0]) : (picked as string))
  })
}

/** "<what>: <field path, or `whole`>: <issue>" ("Consulta de frete inválida: items.0.quantity: …"). */
export const naming = (what: string, whole: string) => (issue: Issue) =>
  `${what}: ${issue.path.join(".") || whole}: ${issue.message}`
