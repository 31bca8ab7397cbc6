import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { toMedusaError } from "../../../../shared/medusa-error"
import { cartFreeFreight } from "./cart-free-freight"
import { INVALID_CART_ID, StoreFreteFreeFreightQuery } from "./validators"
import { freteOf } from "../../../../bridge/medusa-bridge"

/** The 400 of a missing CEP: the cart has no address yet, and the request named none. */
const MISSING_CEP_MESSAGE = "Informe o CEP de entrega para saber quanto falta para o frete grátis."

/**
 * GET /store/frete/free-freight?cart_id=cart_…&postal_code=…: whether the store's free-freight
 * rules make this cart's freight free to that CEP (else to the cart's shipping address), and if
 * not, what the cart lacks. The subtotal and rules are checkout's own; no freight call is made.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = StoreFreteFreeFreightQuery.safeParse(req.query)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const message = issue.path[0] === "cart_id" && issue.message === INVALID_CART_ID ? INVALID_CART_ID : `Consulta de frete grátis inválida: ${issue.path.join(".") || "consulta"}: ${issue.message}`
    res.status(400).json({ type: "invalid_data", message })
    return
  }
  const { cart_id: cartId, postal_code: postalCode } = parsed.data
  // A blank field is no CEP: the cart's address gives it.
  const typed = postalCode?.trim() ? tryNormalizeCep(postalCode) : null
  if (postalCode?.trim() && !typed) {
    res.status(400).json({ type: "invalid_data", code: "invalid_cep", message: new ShopperError("invalid_cep").message })
    return
  }

  const frete = freteOf(req.scope)
  try {
    const settings = await frete.getSettings()
    res.json(await cartFreeFreight(req.scope, cartId, typed, settings, frete.pluginOptions.units))
  } catch (error) {
    if (error instanceof ShopperError && (error.code === "invalid_cep" || error.code === "missing_cep")) {
      const message = error.code === "missing_cep" ? MISSING_CEP_MESSAGE : error.message
      res.status(400).json({ type: "invalid_data", code: error.code, message })
      return
    }
    throw toMedusaError(error)
  }
}
