/**
 * What crosses the wire between the plugin's server and a storefront: the shapes its store answers
 * carry and the shopper's messages of its errors. Both builds read this file: the server's (the
 * provider, the quote route, `ShopperError`) and the storefront kit's, which inlines it into its
 * bundle and its types. Plain TypeScript with no import, so the browser gets none of the server.
 */

/**
 * What the plugin returns beside a checkout option's price: `shipping_option.calculated_price.frete`
 * of Medusa's `POST /store/shipping-options/:id/calculate`, which passes the provider's result through.
 */
export interface FreteFacts {
  /** The freight service that priced it (its metaname, e.g. "jadlog-package"). */
  service: string
  /** The service's name as checkout shows it: the merchant's, else the freight API's. */
  service_name: string
  carrier: string | null
  /** Business days; 0 is same day; null when unknown. */
  days: number | null
  /** "YYYY-MM-DD", counted in Brazilian business days; null when days is. */
  delivery_estimate: string | null
  /** The price comes from the store's fallback table: an estimate, not the carrier's quote. */
  is_fallback: boolean
}

/**
 * One shipping option's price for a CEP, as `POST /store/frete/quotes` answers it: the options of
 * this provider that checkout would offer for that CEP.
 */
export interface FreteQuote {
  /** The Medusa shipping option's id (`so_…`). */
  option_id: string
  /** The shipping option's name, as the merchant named it ("Frete econômico", "SEDEX"…). */
  name: string
  /** The freight service that priced it (its metaname, e.g. "jadlog-package"). */
  service: string
  carrier: string | null
  /** Reais, major units: 33.14 is R$ 33,14. */
  amount: number
  currency_code: "brl"
  /** Business days; 0 is same day; null (or the service's 101) when unknown. */
  days: number | null
  /** "YYYY-MM-DD", counted in Brazilian business days; null when days is. */
  delivery_estimate: string | null
  /** The price comes from the store's fallback table: an estimate, not the carrier's quote. */
  is_fallback: boolean
}

/** The body of `POST /store/frete/quotes`: a product page's items (variant and quantity), or a cart. */
export type FreteQuoteRequest =
  | { postal_code: string; cart_id: string }
  | { postal_code: string; items: Array<{ variant_id: string; quantity: number }> }

/** The answer of `POST /store/frete/quotes`, sorted by amount. */
export interface FreteQuotesAnswer {
  quotes: FreteQuote[]
}

/** The codes of the store answers' errors that the kit tells apart (the error body's `code`). */
export type StoreErrorCode = "invalid_cep" | "cep_not_served" | "too_many_quotes" | "freight_unavailable" | "option_unavailable"

/**
 * The shopper's message of each: the server sends it, and the kit shows it when an answer lost it,
 * or recognises it when an answer lost its code.
 */
export const STORE_ERROR_MESSAGES: Record<StoreErrorCode, string> = {
  invalid_cep: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.",
  cep_not_served: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
  too_many_quotes: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
  freight_unavailable: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
  option_unavailable: "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
}
