import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { buildFreightQuery } from "../../lib/checkout/build-freight-query"
import { CHEAPEST, factsOf, FASTEST, fulfillmentOptionOf, pickOffer, type Offer } from "../../lib/checkout/offers"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { currentCheckoutRequest } from "../../lib/checkout/checkout-request"
import { FRETE_PROVIDER_IDENTIFIER } from "../../lib/frete-provider"
import { freteOf, lockingOf, PROVIDER_DEPENDENCIES, queryOf, type MedusaScope } from "../../bridge/medusa-bridge"
import { toMedusaError } from "../../shared/medusa-error"
import { quoteRequestFromCart, type CartContext } from "./cart-context"
import { resolveOrderFlowContext } from "./order-flow-context"

const NOT_WIRED = `O frete não está configurado: na entrada "@medusajs/medusa/fulfillment" do medusa-config.ts, adicione dependencies: ${JSON.stringify(PROVIDER_DEPENDENCIES)} e reinicie o Medusa.`

class FreteFulfillmentProviderService extends AbstractFulfillmentProviderService {
  static identifier = FRETE_PROVIDER_IDENTIFIER

  // No options of its own: the module, Query and Locking come from the fulfillment module's container (its entry's
  // `dependencies`), read at each call, as the plugin's module may load later.
  constructor(protected readonly container_: Record<string, unknown>) {
    super()
  }

  private get scope(): MedusaScope {
    return {
      resolve: <T>(key: string) => {
        try {
          return this.container_[key] as T
        } catch {
          throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NOT_WIRED, "frete_dependencies_missing")
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

  // Only what the plugin decided: the storefront's `data` never reaches the fulfillment.
  async validateFulfillmentData(
    optionData: Record<string, unknown>,
    _data: Record<string, unknown>,
    context: CartContext
  ) {
    const offer = await this.offerFor(optionData, context)
    return { ...factsOf(offer), consulta_token: offer.consultaToken, cotacao_codigo: offer.code }
  }

  // The shipping method's data goes on the fulfillment, where the tracking order reads it.
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
    try {
      const scope = this.scope
      const frete = freteOf(scope)
      const resolving = resolveOrderFlowContext(context, queryOf(scope), frete.handlingMetadata)
      const [settings, resolved] = await Promise.all([frete.getSettings(), resolving])
      const { query, cart: parcel } = buildFreightQuery(
        quoteRequestFromCart(resolved),
        settings,
        frete.pluginOptions.units
      )
      // Checkout is bounded per cart and per shopper (the request's address, if any); an order's flows are not.
      const cart = typeof context.id === "string" && context.id.startsWith("cart_") ? `cart:${context.id}` : undefined
      const request = cart && currentCheckoutRequest()
      const shopper = request ? frete.shopperOf(request, settings) : {}
      const asker = { cart, ...shopper, local: true, locking: lockingOf(scope) }
      const { offers } = await frete.quoter.offers(query, parcel, settings, asker)
      const offer = pickOffer(offers, fulfillmentOptionOf(optionData))
      if (!offer) throw new ShopperError("option_unavailable")
      return offer
    } catch (error) {
      throw toMedusaError(error)
    }
  }
}

export default FreteFulfillmentProviderService
