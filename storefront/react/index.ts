// medusa-plugin-frete/storefront/react: the kit's React components and hook (react >= 18, an
// optional peer of the plugin). Client components: the build puts "use client" at the top of this entry.
export { FreteCepCalculator } from "./cep-calculator"
export type { FreteCepCalculatorPart, FreteCepCalculatorProps } from "./cep-calculator"
export { FreteDeliveryOptionLabel } from "./delivery-option-label"
export type { FreteDeliveryOptionLabelProps } from "./delivery-option-label"
export type { FreteClassNames, FreteOptionPart } from "./option-text"
export { useFreteWarmQuote } from "./use-warm-quote"
export type { UseFreteWarmQuoteInput } from "./use-warm-quote"
