import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { rulesCartOf, subtotalOf } from "../../../../lib/checkout/build-freight-query"
import { freeFreightProgress } from "../../../../lib/checkout/rules"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { quoteRequestFromCart, type CartContext } from "../../../../providers/frete/cart-context"
import { toMedusaError } from "../../../../shared/medusa-error"
import { freteOf, queryOf } from "../../../../bridge/medusa-bridge"
import { MAX_ROUTE_ID_LENGTH } from "../../../lib/route-id"
import { naming, validated } from "../../../lib/validated"
import type { FreteFreeFreightAnswer } from "./contract"

const INVALID_CART_ID = "Id de carrinho inválido: use o id do carrinho (cart_…)."

const FreeFreightQuery = z.object(
  {
    cart_id: z
      .string({ error: "informe um cart_id" })
      .max(MAX_ROUTE_ID_LENGTH, INVALID_CART_ID)
      .regex(/^cart_[A-Za-z0-9_-]+$/, INVALID_CART_ID),
    postal_code: z.string({ error: "informe o CEP uma vez, como texto" }).max(20, "CEP inválido").optional(),
  },
  { error: "consulta inválida" }
)

export const FREE_FREIGHT_QUERY = validated(FreeFreightQuery, (issue) =>
  issue.message === INVALID_CART_ID ? INVALID_CART_ID : naming("Consulta de frete grátis inválida", "consulta")(issue)
)

// What checkout's rules read of the items: their weights and measures, products and shipping profiles.
const CART_FIELDS = [
  ...["id", "currency_code", "shipping_address.postal_code", "shipping_address.province"],
  ...["id", "quantity", "unit_price", "requires_shipping", "variant_id", "variant_sku", "product_id"].map(
    (field) => `items.${field}`
  ),
  ...["weight", "length", "height", "width", "product.id", "product.weight", "product.shipping_profile.id"].map(
    (field) => `items.variant.${field}`
  ),
]

type Progress = ReturnType<typeof freeFreightProgress>

// Free when every parcel is; else the nearest parcel that can be: what it lacks.
function wholeCart(parcels: Progress[]): Progress {
  const open = parcels.filter((parcel) => !parcel.free)
  if (!open.length && parcels.length) {
    const threshold = Math.max(...parcels.map((parcel) => parcel.threshold ?? 0))
    return { free: true, reachable: true, threshold, missing: 0 }
  }
  const reachable = open.filter((parcel) => parcel.reachable).sort((a, b) => (a.missing ?? 0) - (b.missing ?? 0))
  return reachable[0] ?? { free: false, reachable: false, threshold: null, missing: null }
}

// To the typed CEP, else the address's (whose province counts only with its own CEP). No freight call.
export async function GET(req: MedusaRequest<unknown, z.output<typeof FreeFreightQuery>>, res: MedusaResponse) {
  const { cart_id, postal_code } = req.validatedQuery
  try {
    // A blank field is no CEP: the cart's address gives it.
    const typedCep = postal_code?.trim() ? tryNormalizeCep(postal_code) : null
    if (postal_code?.trim() && !typedCep) throw new ShopperError("invalid_cep")
    const settings = await freteOf(req.scope).getSettings()
    const { data } = await queryOf(req.scope).graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cart_id } })
    const cart = data[0] as CartContext | undefined
    if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
    const stored = cart.shipping_address
    if (!typedCep && !stored?.postal_code?.trim()) throw new ShopperError("missing_cep")
    const storedCep = tryNormalizeCep(stored?.postal_code)
    const cep = typedCep ?? storedCep
    if (!cep) throw new ShopperError("invalid_cep")
    const province = storedCep === cep ? (stored?.province ?? null) : null
    // The currency check, the items, the subtotal and the weight exactly as checkout reads them: checkout prices each
    // shipping profile's items apart (Medusa gives an option its profile's), so each is a parcel of its own here too.
    const request = { ...quoteRequestFromCart(cart), destinationCep: cep, destinationState: province }
    const units = freteOf(req.scope).pluginOptions.units
    // An empty cart is one empty parcel: what it lacks is the whole threshold.
    const profiles = request.items.length
      ? [...new Set(request.items.map((item) => item.shippingProfileId ?? null))]
      : [null]
    const parcels = profiles.map((profile) =>
      request.items.filter((item) => (item.shippingProfileId ?? null) === profile)
    )
    const progress = parcels.map((items) =>
      freeFreightProgress(settings, rulesCartOf({ ...request, items }, settings, units))
    )
    res.json({
      postal_code: cep,
      currency_code: "brl",
      subtotal: subtotalOf(request.items),
      ...wholeCart(progress),
    } satisfies FreteFreeFreightAnswer)
  } catch (error) {
    if (error instanceof ShopperError && error.code === "missing_cep")
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Informe o CEP de entrega para saber quanto falta para o frete grátis.",
        error.code
      )
    throw toMedusaError(error)
  }
}
