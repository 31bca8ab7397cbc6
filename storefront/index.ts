// medusa-plugin-frete/storefront: what a storefront needs to show this plugin's quotes (a typed
// client of the store routes, pt-BR formatting, CEP mask and check, error texts). No React, no
// Medusa server package: it runs in browsers and in server components alike.
export { createFreteClient, readFreteFacts } from "./client"
export type { FreteClient, FreteClientOptions, FreteOptionPrice, MedusaSdkLike } from "./client"
export { isValidCep, maskCep, normalizeCep } from "./cep"
export { errorMessage, FreteError } from "./errors"
export type { FreteErrorCode } from "./errors"
export { describeOption, formatBRL, formatCarrier, formatDeadline, formatDeliveryDate, formatPrice } from "./format"
export type { OptionDescription } from "./format"
export type { FreteFacts, FreteQuote, FreteQuoteRequest } from "./types"
