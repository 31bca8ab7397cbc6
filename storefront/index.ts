// medusa-plugin-frete/storefront: what a storefront needs to show this plugin's quotes (a typed
// client of the store routes, pt-BR formatting, CEP mask and check, error texts, the checkout
// warm-up, the shopper's address for a storefront server's calls). No React, no Medusa server package:
// it runs in browsers and in server components alike.
export { createFreteClient, readFreteFacts } from "./client"
export type { FreteClient, FreteClientOptions, FreteOptionPrice, MedusaSdkLike } from "./client"
export { isValidCep, maskCep, normalizeCep } from "./cep"
export { errorMessage, FreteError, isFreteErrorData, serializeFreteError, toFreteError } from "./errors"
export type { FreteErrorCode, FreteErrorData } from "./errors"
export {
  cepErrorMessage,
  describeOption,
  formatBRL,
  formatCarrier,
  formatCarrierLine,
  formatDeadline,
  formatDeliveryDate,
  formatPrice,
  formatServiceName,
  formatShippingTotal,
  sortByPrice,
  uniqueOffers,
} from "./format"
export type { OptionDescription, ShippingTotals } from "./format"
export type { FreteFacts, FreteQuote, FreteQuoteRequest } from "../src/lib/checkout/storefront-contract"
export { fetchFreeFreight, formatFreeFreight, type FreeFreightRequest, type FreteFreeFreight } from "./free-freight"
export { createQuoteWarmer, warmQuote } from "./warm"
export type { QuoteWarmer, QuoteWarmerOptions, WarmQuoteResult } from "./warm"
export { cartCep, cartPricingKey, type FreteCart } from "./cart"
export { shopperHeaders } from "./forward"
export type { IncomingHeaders, ShopperHeaders } from "./forward"
export { describeDelivery, describeShippingMethod, fetchOrderDelivery, formatDeliveryStatus } from "./order"
export type { DeliveryDescription, MedusaSdkGetLike, OrderDeliverySource } from "./order"
export type {
  FreteDeliveryStatus,
  FreteDeliveryTracking,
  FreteOrderDelivery,
  FreteOrderDeliveryAnswer,
} from "../src/lib/tracking/order-delivery"
