import { formatShippingTotal, type ShippingTotals } from "../format"
import { joinClasses } from "./option-text"

export interface FreteShippingTotalProps {
  /** The cart (or order) the summary shows: its `shipping_methods`, and `shipping_subtotal` when it has it. */
  totals: ShippingTotals | null | undefined
  className?: string
}

/**
 * The value of a summary's shipping line: "a calcular" until a shipping method is chosen (never
 * "R$ 0,00", which reads as free freight), then the method's price, "Grátis" when a rule made it 0.
 * Class name `frete-shipping-total`, `data-state="pending"` before a method is chosen.
 */
export function FreteShippingTotal({ totals, className }: FreteShippingTotalProps) {
  const pending = !totals?.shipping_methods?.length
  return (
    <span className={joinClasses("frete-shipping-total", className)} data-state={pending ? "pending" : undefined}>
      {formatShippingTotal(totals)}
    </span>
  )
}
