// medusa-plugin-frete/storefront/react: the kit's React components and hook (react >= 18, an
// optional peer of the plugin). Client components: the build puts "use client" at the top of this entry.
export { FreteCepCalculator } from "./cep-calculator"
export type { FreteCepCalculatorPart, FreteCepCalculatorProps } from "./cep-calculator"
export { FreteDeliveryOptionLabel } from "./delivery-option-label"
export type { FreteDeliveryOptionLabelProps } from "./delivery-option-label"
export {
  FreteFreeFreightNudge,
  type FreteFreeFreightNudgePart,
  type FreteFreeFreightNudgeProps,
} from "./free-freight-nudge"
export type { FreteClassNames, FreteOptionPart } from "./option-text"
export { FreteCepNotice, FreteOptionsNotice } from "./options-notice"
export type { FreteCepNoticeProps, FreteOptionsNoticeProps } from "./options-notice"
export { FreteShippingTotal } from "./shipping-summary"
export type { FreteShippingTotalProps } from "./shipping-summary"
export { useFreteWarmQuote } from "./use-warm-quote"
export type { UseFreteWarmQuoteInput } from "./use-warm-quote"
export { FreteOrderDelivery } from "./order-delivery"
export type { FreteOrderDeliveryPart, FreteOrderDeliveryProps } from "./order-delivery"
export { FreteShippingMethodFacts } from "./shipping-method-facts"
export type { FreteShippingMethodFactsPart, FreteShippingMethodFactsProps } from "./shipping-method-facts"
