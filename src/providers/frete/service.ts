import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { buildFreightQuery } from "../../lib/checkout/build-freight-query"
import { CHEAPEST, factsOf, FASTEST, pickOffer, type Offer } from "../../lib/checkout/offers"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { currentCheckoutRequest } from "../../lib/checkout/checkout-request"
import { FRETE_PROVIDER_IDENTIFIER } from "../../lib/frete-provider"
import { freteOf, lockingOf, PROVIDER_DEPENDENCIES, queryOf, type MedusaScope } from "../../bridge/medusa-bridge"
import { toMedusaError } from "../../shared/medusa-error"
import { quoteRequestFromCart, type CartContext } from "./cart-context"
import { resolveOrderFlowContext } from "./order-flow-context"

const DEPENDENCIES_MISSING_MESSAGE = `O frete não está configurado: na entrada "@medusajs/medusa/fulfillment" do medusa-config.ts, adicione dependencies: ${JSON.stringify(PROVIDER_DEPENDENCIES)} e reinicie o Medusa.`

/**
 * Calculated shipping priced by the freight quote API: one query per cart, whatever the number of options and
 * refreshes.
 */
class FreteFulfillmentProviderService extends AbstractFulfillmentProviderService {
  static identifier = FRETE_PROVIDER_IDENTIFIER

  // No options of its own: the plugin's module holds them. The module, Query and Locking come from the fulfillment
  // module's container, which holds them when its entry lists them in `dependencies`; read at each call, as the
  // plugin's module may load later.
  constructor(protected readonly container_: Record<string, unknown>) {
    super()
  }

  private get scope(): MedusaScope {
    return {
      resolve: <T>(key: string) => {
        try {
          return this.container_[key] as T
        } catch {
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            DEPENDENCIES_MISSING_MESSAGE,
            "frete_dependencies_missing"
          )
        }
      },
    }
  }

  async getFulfillmentOptions() {
    const settings = await freteOf(this.scope).getSettings()
    return [
      { id: CHEAPEST, name: "Frete econômico" },
      { id: FASTEST, name: "Frete expresso" },
      ...settings.services.map((service) => ({ id: service.metaname, name: service.display_name ?? service.name })),
    ]
  }

  async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return typeof data.id === "string" && data.id.trim().length > 0
  }

  async canCalculate(): Promise<boolean> {
    return true
  }

  async calculatePrice(optionData: Record<string, unknown>, _data: Record<string, unknown>, context: CartContext) {
    const offer = await this.offerFor(optionData, context)
    return {
      calculated_amount: offer.amountCents / 100,
      is_calculated_price_tax_inclusive: false,
      frete: factsOf(offer),
    }
  }

  /**
   * Only what the plugin decided: what the storefront sends in `data` is not kept, so it can neither reach the
   * fulfillment nor carry text Postgres cannot store.
   */
  async validateFulfillmentData(
    optionData: Record<string, unknown>,
    _data: Record<string, unknown>,
    context: CartContext
  ) {
    const offer = await this.offerFor(optionData, context)
    return { ...factsOf(offer), consulta_token: offer.consultaToken, cotacao_codigo: offer.code }
  }

  /** The shipping method's data goes on the fulfillment, where the tracking order reads it. */
  async createFulfillment(data: Record<string, unknown>) {
    return { data: { ...data }, labels: [] }
  }

  async cancelFulfillment() {
    return {}
  }

  async createReturnFulfillment() {
    return { data: {}, labels: [] }
  }

  private async offerFor(optionData: Record<string, unknown>, context: CartContext): Promise<Offer> {
    const optionId = typeof optionData?.id === "string" ? optionData.id : CHEAPEST
    try {
      const scope = this.scope
      const frete = freteOf(scope)
      const resolving = resolveOrderFlowContext(context, queryOf(scope), frete.handlingMetadata)
      const [settings, resolved] = await Promise.all([frete.getSettings(), resolving])
      const { query } = buildFreightQuery(quoteRequestFromCart(resolved), settings, frete.pluginOptions.units)
      // Checkout's routes are bounded per cart (the context's id) and per shopper (the request's address, where it has
      // one); an order's flows (the admin's) are not.
      const cart = typeof context.id === "string" && context.id.startsWith("cart_") ? `cart:${context.id}` : undefined
      const request = cart && currentCheckoutRequest()
      const shopper = request ? frete.shopperOf(request, settings) : {}
      const { offers } = await frete.quoter.offers(query, settings, {
        cart,
        ...shopper,
        local: true,
        locking: lockingOf(scope),
      })
      const offer = pickOffer(offers, optionId)
      if (!offer) throw new ShopperError("option_unavailable")
      return offer
    } catch (error) {
      throw toMedusaError(error)
    }
  }
}

export default FreteFulfillmentProviderService
