import { z } from "zod"
import { isStorableText } from "../../../../lib/settings/schema"

/** A NUL would make Postgres' query fail. */
const id = (what: string) => z.string({ error: `informe o ${what} como texto` }).min(1, `informe o ${what}`).max(100, `${what} inválido`).refine(isStorableText, `${what} inválido`)

const quantity = z
  .number({ error: "a quantidade deve ser um número" })
  .int("a quantidade deve ser um número inteiro")
  .positive("a quantidade deve ser maior que zero")
  .max(1000, "no máximo 1000 unidades por item")
const item = z.object({ variant_id: id("variant_id"), quantity }, { error: "cada item deve ser um objeto { variant_id, quantity }" })

/** `{ postal_code, cart_id }` (a cart) or `{ postal_code, items }` (a product page). */
export const StoreFreteQuotesBody = z
  .object(
    {
      postal_code: z.string({ error: "informe o CEP" }).max(20, "CEP inválido"),
      cart_id: id("cart_id").optional(),
      items: z.array(item, { error: "informe os itens como uma lista" }).min(1, "informe ao menos um item").max(100, "no máximo 100 itens por consulta").optional(),
    },
    { error: "envie um objeto JSON com postal_code e cart_id ou items" }
  )
  .refine((body) => (body.cart_id === undefined) !== (body.items === undefined), { message: "informe cart_id ou items, um dos dois", path: ["cart_id"] })
