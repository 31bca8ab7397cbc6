// What crosses the wire between the server and a storefront. The storefront kit inlines this file: no import here.

/** `shipping_option.calculated_price.frete` of Medusa's `POST /store/shipping-options/:id/calculate`. */
export interface FreteFacts {
  /** The freight service's metaname, e.g. "jadlog-package". */
  service: string
  /** The merchant's name for it, else the freight API's. */
  service_name: string
  carrier: string | null
  /** Business days; 0 is same day; null when unknown. */
  days: number | null
  /** "YYYY-MM-DD", counted in Brazilian business days; null when days is. */
  delivery_estimate: string | null
  /** An estimate, not the carrier's quote: priced from what the API charged before, or the store's fallback table. */
  is_fallback: boolean
  estimated_from?: "learned" | "table" | null
}

/** One shipping option's price for a CEP, as `POST /store/frete/quotes` answers it. */
export interface FreteQuote extends Omit<FreteFacts, "service_name"> {
  option_id: string
  name: string
  /** Reais, major units: 33.14 is R$ 33,14. */
  amount: number
  currency_code: "brl"
}

/** The body of `POST /store/frete/quotes`: a product page's items, or a cart. */
export type FreteQuoteRequest =
  | { postal_code: string; cart_id: string }
  | { postal_code: string; items: Array<{ variant_id: string; quantity: number }> }

/** Sorted by amount. */
export interface FreteQuotesAnswer {
  quotes: FreteQuote[]
}

export type StoreErrorCode =
  "invalid_cep" | "cep_not_served" | "too_many_quotes" | "freight_unavailable" | "option_unavailable"

/** The kit shows one when an answer lost it, or recognises it when an answer lost its code. */
export const STORE_ERROR_MESSAGES: Record<StoreErrorCode, string> = {
  invalid_cep: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.",
  cep_not_served: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
  too_many_quotes: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
  freight_unavailable: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
  option_unavailable: "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
}
