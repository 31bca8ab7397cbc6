import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { buildFreightQuery, type QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { freeFreightProgress } from "../../../../lib/checkout/free-freight"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import type { FreteSettings } from "../../../../lib/settings/schema"
import { quoteRequestFromCart, type CartContext } from "../../../../providers/frete/cart-context"
import type { FreteFreeFreightAnswer } from "./contract"
import { queryOf } from "../../../../bridge/medusa-bridge"

type Units = Parameters<typeof buildFreightQuery>[2]

/** What the provider reads of a cart to reckon its subtotal, and the address that gives the CEP. */
const CART_FIELDS = [
  "id",
  "currency_code",
  "items.id",
  "items.quantity",
  "items.unit_price",
  "items.requires_shipping",
  "items.variant_id",
  "items.variant_sku",
  "shipping_address.postal_code",
  "shipping_address.province",
]

/**
 * The items' subtotal exactly as checkout compares it with the rules: `buildFreightQuery`'s own,
 * from the same quote request the provider builds. The origin does not change it, and a store may
 * not have one yet: the destination stands in for it. A cart with nothing to ship is at R$ 0.
 */
function checkoutSubtotal(request: QuoteRequest, settings: FreteSettings, units: Units): number {
  try {
    return buildFreightQuery({ ...request, originCep: request.destinationCep }, settings, units).subtotal
  } catch (error) {
    if (error instanceof ShopperError && error.code === "no_items") return 0
    throw error
  }
}

/**
 * How far a cart is from free freight: to the CEP typed in the cart's calculator, else to its
 * shipping address's. The address's province helps the rules only with the address's own CEP.
 * One read of the cart, no freight call. Throws `Carrinho não encontrado.` (404), and the shopper
 * errors `missing_cep`, `invalid_cep` (a stored CEP of a wrong shape) and `unsupported_currency`.
 */
export async function cartFreeFreight(
  container: MedusaContainer,
  cartId: string,
  typedCep: string | null,
  settings: FreteSettings,
  units: Units
): Promise<FreteFreeFreightAnswer> {
  const query = queryOf(container)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  const cart = data[0] as (CartContext & { currency_code?: string | null }) | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
  }
  const stored = cart.shipping_address ?? null
  const storedCep = stored?.postal_code?.trim() ? stored.postal_code : null
  if (!typedCep && !storedCep) {
    throw new ShopperError("missing_cep")
  }
  const cep = typedCep ?? tryNormalizeCep(storedCep)
  if (!cep) {
    throw new ShopperError("invalid_cep")
  }
  const province = tryNormalizeCep(storedCep) === cep ? stored?.province ?? null : null
  const request = quoteRequestFromCart({ currency_code: cart.currency_code, items: cart.items, shipping_address: { postal_code: cep, province } })
  const subtotal = checkoutSubtotal(request, settings, units)
  const progress = freeFreightProgress(settings, subtotal, cep, province)
  return { postal_code: cep, currency_code: "brl", subtotal, ...progress }
}
