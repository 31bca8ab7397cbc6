import { z } from "zod"

/** A whole number written in a query string ("20"), within bounds. */
const wholeNumber = (field: string, min: number, max: number, fallback: number) => {
  const message = `${field}: use um número inteiro de ${min} a ${max}`
  const digits = z.string({ error: message }).regex(/^\d{1,9}$/, message).transform(Number)
  return digits.pipe(z.number().min(min, message).max(max, message)).optional().transform((value) => value ?? fallback)
}

export const ProductsMissingDimensionsQuery = z.object({ limit: wholeNumber("limit", 1, 100, 20), offset: wholeNumber("offset", 0, 100_000_000, 0) })
