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

/**
 * What the plugin returns beside a checkout option's price: `shipping_option.calculated_price.frete`
 * of Medusa's `POST /store/shipping-options/:id/calculate`.
 */
export interface FreteFacts {
  service: string
  service_name: string
  carrier: string | null
  days: number | null
  delivery_estimate: string | null
  is_fallback: boolean
}

/** A product page's items (variant and quantity), or a cart, for a quote by CEP. */
export type FreteQuoteRequest =
  | { postal_code: string; cart_id: string }
  | { postal_code: string; items: Array<{ variant_id: string; quantity: number }> }
