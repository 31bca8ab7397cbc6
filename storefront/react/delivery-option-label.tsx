import { errorMessage } from "../errors"
import { describeOption, formatCarrier, formatPrice } from "../format"
import type { FreteFacts } from "../types"

export interface FreteDeliveryOptionLabelProps {
  /** The shipping option's name, as the store named it. */
  name: string
  /** The price in reais; null while unknown. */
  amount: number | null
  /** `calculated_price.frete` (see readFreteFacts), or null for another provider's option. */
  facts: FreteFacts | null
  /** Why the option could not be priced: shown instead of the price, in pt-BR. */
  error?: unknown
  className?: string
}

/** "Correios · SEDEX" under "Frete econômico"; the service alone when its name says the carrier. */
function carrierLine(facts: FreteFacts, optionName: string): string {
  const carrier = formatCarrier(facts.carrier)
  const service = facts.service_name !== optionName ? facts.service_name : null
  if (carrier && service?.toLowerCase().startsWith(carrier.toLowerCase())) return service
  return [carrier, service].filter(Boolean).join(" · ")
}

/**
 * A checkout option as a Brazilian shopper reads it: "SEDEX · R$ 33,14 · Correios · Receba em até
 * 4 dias úteis · Chega até qui., 26 de nov.", "Grátis" for 0, a fallback price marked as estimated,
 * or the reason it is unavailable. Unstyled; class names `frete-option__*`.
 */
export function FreteDeliveryOptionLabel({ name, amount, facts, error, className }: FreteDeliveryOptionLabelProps) {
  const carrier = facts ? carrierLine(facts, name) : ""
  // The price is shown from `amount` (null while unknown); only the deadline, date and mark are read here.
  const shown = facts ? describeOption({ ...facts, amount: amount ?? 0 }) : null
  return (
    <span className={["frete-option", className].filter(Boolean).join(" ")}>
      <span className="frete-option__name">{name}</span>
      {error !== undefined && error !== null ? (
        <span className="frete-option__error">{errorMessage(error)}</span>
      ) : (
        <>
          {amount !== null ? <span className="frete-option__price">{formatPrice(amount)}</span> : null}
          {carrier ? <span className="frete-option__carrier">{carrier}</span> : null}
          {shown ? <span className="frete-option__deadline">{shown.deadline}</span> : null}
          {shown?.date ? <span className="frete-option__date">{shown.date}</span> : null}
          {shown?.note ? <span className="frete-option__estimated">{shown.note}</span> : null}
        </>
      )}
    </span>
  )
}
