import type { Logger } from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService } from "@medusajs/framework/utils"
import { buildFreightQuery } from "../../lib/checkout/build-freight-query"
import { CHEAPEST, FASTEST, pickOffer, type Offer } from "../../lib/checkout/offers"
import { factsOf } from "../../lib/checkout/offer-facts"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { FRETE_PROVIDER_IDENTIFIER } from "../../lib/frete-provider"
import { freteOf, queryOf, requireMedusaScope } from "../../bridge/medusa-bridge"
import { toMedusaError } from "../../shared/medusa-error"
import type { FreteFacts } from "../../lib/checkout/storefront-contract"
import { withCartCurrency } from "./cart-currency"
import { medusaLookups } from "./medusa-lookups"
import { quoteRequestFromCart, type CartContext } from "./cart-context"
import { resolveOrderFlowContext } from "./order-flow-context"

type InjectedDependencies = {
  logger: Logger
}

/** The shipping method's data: what the order keeps of the quote it was priced with. */
export interface FreteShippingMethodData extends FreteFacts {
  consulta_token: string | null
  cotacao_codigo: string | null
}

/**
 * Calculated shipping priced by the freight quote API. One query per cart, whatever the number of
 * options and refreshes: the plugin's module keeps the answer and shares it.
 */
class FreteFulfillmentProviderService extends AbstractFulfillmentProviderService {
  static identifier = FRETE_PROVIDER_IDENTIFIER

  protected readonly logger_: Logger

  // No options of its own: they live on the plugin entry, and the plugin's module holds them. The
  // module and Query come from the container of the request being priced (bridge/medusa-bridge.ts):
  // the fulfillment module's container, this provider's, cannot resolve them.
  constructor({ logger }: InjectedDependencies) {
    super()
    this.logger_ = logger
  }

  async getFulfillmentOptions() {
    const settings = await freteOf(requireMedusaScope()).getSettings()
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
    return { calculated_amount: offer.amountCents / 100, is_calculated_price_tax_inclusive: false, frete: factsOf(offer) }
  }

  async validateFulfillmentData(optionData: Record<string, unknown>, _data: Record<string, unknown>, context: CartContext) {
    const offer = await this.offerFor(optionData, context)
    const methodData: FreteShippingMethodData = { ...factsOf(offer), consulta_token: offer.consultaToken, cotacao_codigo: offer.code }
    // Only what the plugin decided: what the storefront sends in `data` is not kept, so it can
    // neither reach the fulfillment nor carry text Postgres cannot store.
    return { ...methodData }
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
      const scope = requireMedusaScope()
      const frete = freteOf(scope)
      const lookups = medusaLookups(queryOf(scope), frete.handlingMetadata)
      // The settings (cached in force, see settings-in-force.ts) and Medusa's data are read at once.
      const [settings, resolved] = await Promise.all([frete.getSettings(), withCartCurrency(context, lookups.cartCurrency).then((withCurrency) => resolveOrderFlowContext(withCurrency, lookups))])
      const request = quoteRequestFromCart(resolved)
      const { query } = buildFreightQuery(request, settings, frete.pluginOptions.units)
      const { offers } = await frete.quoter.offers(query, settings)
      const offer = pickOffer(offers, optionId)
      if (!offer) {
        throw new ShopperError("option_unavailable")
      }
      return offer
    } catch (error) {
      throw toMedusaError(error)
    }
  }
}

export default FreteFulfillmentProviderService
