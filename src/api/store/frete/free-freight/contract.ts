/** The answer of `GET /store/frete/free-freight`. No import: the storefront kit reads it too. Amounts in reais. */
export interface FreteFreeFreightAnswer {
  /** 8 digits: the CEP asked, else the cart's shipping address's. */
  postal_code: string
  currency_code: "brl"
  /** Unit price × quantity of the items to ship, before discounts, as checkout compares it with the rules. */
  subtotal: number
  /** Checkout prices this cart's cheapest option of the plugin at R$ 0,00 for this CEP. */
  free: boolean
  reachable: boolean
  /** The smallest subtotal that makes freight free for this CEP; null when unreachable. */
  threshold: number | null
  /** What the cart lacks, to the centavo: 0 when free, null when unreachable. */
  missing: number | null
}
