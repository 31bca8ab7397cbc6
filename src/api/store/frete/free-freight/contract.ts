/**
 * The answer of `GET /store/frete/free-freight`: how far a cart is from the store's free freight
 * to a CEP. Plain TypeScript with no import, as the storefront kit reads it too (like
 * `src/lib/checkout/storefront-contract.ts`).
 */
export interface FreteFreeFreightAnswer {
  /** The CEP the answer is for, 8 digits: the one asked, else the cart's shipping address's. */
  postal_code: string
  /** Always "brl": the rules are in reais, and a cart in another currency is refused (400). */
  currency_code: "brl"
  /** The items' subtotal in reais that checkout compares with the rules (unit price × quantity of the items to ship, before discounts). */
  subtotal: number
  /** Checkout prices this cart's cheapest option of the plugin at R$ 0,00 for this CEP. */
  free: boolean
  /** A rule of the store reaches this CEP: enough items would make the freight free. */
  reachable: boolean
  /** The smallest subtotal (reais) that makes freight free for this CEP; null when unreachable. */
  threshold: number | null
  /** What the cart lacks (reais, to the centavo): 0 when free, null when unreachable. */
  missing: number | null
}
