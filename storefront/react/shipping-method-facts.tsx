import { describeShippingMethod } from "../order"
import { joinClasses, type FreteClassNames } from "./option-text"

export type FreteShippingMethodFactsPart = "root" | "carrier" | "date" | "separator"

export interface FreteShippingMethodFactsProps {
  /** A cart's or an order's shipping method (`shipping_methods[]`): its `name` and its `data`. */
  method: { name?: string | null; data?: unknown } | null | undefined
  className?: string
  classNames?: FreteClassNames<FreteShippingMethodFactsPart>
}

/**
 * The chosen method's carrier and promised date, beside its name and price in the review step and
 * on the confirmation: "Correios · Chega até qui., 3 de dez.". Nothing for another provider's
 * method. Phrasing content only (class names `frete-method__*`).
 */
export function FreteShippingMethodFacts({ method, className, classNames = {} }: FreteShippingMethodFactsProps) {
  const shown = describeShippingMethod(method)
  if (!shown || (!shown.carrier && !shown.date)) return null
  const cls = (part: FreteShippingMethodFactsPart) => joinClasses(`frete-method__${part}`, classNames[part])
  return (
    <span className={joinClasses("frete-method", className, classNames.root)}>
      {shown.carrier ? <span className={cls("carrier")}>{shown.carrier}</span> : null}
      {shown.carrier && shown.date ? (
        <span className={cls("separator")} aria-hidden="true">
          {" · "}
        </span>
      ) : null}
      {shown.date ? <span className={cls("date")}>{shown.date}</span> : null}
    </span>
  )
}
