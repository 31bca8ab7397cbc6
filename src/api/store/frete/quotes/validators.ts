import { z } from "@medusajs/framework/zod"

const item = z.object({
  variant_id: z.string({ error: "informe o variant_id de cada item" }).min(1, "informe o variant_id de cada item").max(100),
  quantity: z
    .number({ error: "a quantidade deve ser um número" })
    .int("a quantidade deve ser um número inteiro")
    .positive("a quantidade deve ser maior que zero")
    .max(1000, "no máximo 1000 unidades por item"),
})

/** `{ postal_code, cart_id }` (a cart) or `{ postal_code, items }` (a product page). */
export const StoreFreteQuotesBody = z
  .object({
    postal_code: z.string({ error: "informe o CEP" }).max(20, "CEP inválido"),
    cart_id: z.string().min(1).max(100).optional(),
    items: z.array(item).min(1, "informe ao menos um item").max(100, "no máximo 100 itens por consulta").optional(),
  })
  .refine((body) => (body.cart_id === undefined) !== (body.items === undefined), {
    message: "informe cart_id ou items, um dos dois",
    path: ["cart_id"],
  })

export type StoreFreteQuotesBody = z.infer<typeof StoreFreteQuotesBody>
