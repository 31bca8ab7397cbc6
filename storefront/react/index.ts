// medusa-plugin-frete/storefront/react: the kit's React components (react >= 18, an optional peer
// of the plugin). Client components: the build puts "use client" at the top of this entry.
export { FreteCepCalculator } from "./cep-calculator"
export type { FreteCepCalculatorProps } from "./cep-calculator"
export { FreteDeliveryOptionLabel } from "./delivery-option-label"
export type { FreteDeliveryOptionLabelProps } from "./delivery-option-label"
