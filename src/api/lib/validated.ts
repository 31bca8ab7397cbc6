import { MedusaError } from "@medusajs/framework/utils"
import { z as medusaZod } from "@medusajs/framework/zod"
import type { z } from "zod"

type Issue = z.core.$ZodIssue

/**
 * A schema for Medusa's `validateAndTransformBody` / `validateAndTransformQuery` that answers in the plugin's
 * Portuguese: a 400 `invalid_data` whose message `explain` writes from the first issue. Medusa's validator words zod's
 * issues itself, in English, and before Medusa 2.14 reads only zod 3's: the plugin's schema runs inside a transform,
 * whose error Medusa passes on as it is. `schema` may be picked by the input's shape, or be a refusal's message.
 */
export function validated<Out>(
  schema: z.ZodType<Out> | ((value: unknown) => z.ZodType<Out> | string),
  explain: (issue: Issue) => string = (issue) => issue.message
) {
  return medusaZod.unknown().transform((value): Out => {
    const picked = typeof schema === "function" ? schema(value) : schema
    if (typeof picked === "string") throw new MedusaError(MedusaError.Types.INVALID_DATA, picked)
    const parsed = picked.safeParse(value)
    if (parsed.success) return parsed.data
    throw new MedusaError(MedusaError.Types.INVALID_DATA, explain(parsed.error.issues[0]))
  })
}

/**
 * "<what>: <field path, or `whole`>: <issue>", the shape the docs give ("Consulta de frete inválida: items.0.quantity:
 * …").
 */
export const naming =
  (what: string, whole: string) =>
  (issue: Issue): string =>
    `${what}: ${issue.path.join(".") || whole}: ${issue.message}`
