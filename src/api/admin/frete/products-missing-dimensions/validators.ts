import { z } from "zod"

/** A whole number written in a query string ("20"), within bounds. */
const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  z
    .string({ error: `${field}: use um número inteiro de ${min} a ${max}` })
    .regex(/^\d{1,9}$/, `${field}: use um número inteiro de ${min} a ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${field}: use um número inteiro de ${min} a ${max}`).max(max, `${field}: use um número inteiro de ${min} a ${max}`))
    .optional()
    .transform((value) => value ?? fallback)

/** `?limit=&offset=` of the list: 20 products from the first by default, at most 100 at once. */
export const ProductsMissingDimensionsQuery = z.object({
  limit: wholeNumber("limit", 1, 100, 20),
  offset: wholeNumber("offset", 0, 100_000_000, 0),
})
