import { describeDelivery } from "../order"
import type { FreteOrderDelivery as Delivery } from "../../src/lib/tracking/order-delivery"
import { joinClasses, type FreteClassNames } from "./option-text"

/** The parts of the order's delivery block, each with its class name `frete-delivery__<part>`. */
export type FreteOrderDeliveryPart =
  | "root"
  | "title"
  | "list"
  | "item"
  | "summary"
  | "name"
  | "status"
  | "details"
  | "carrier"
  | "date"
  | "tracking"
  | "code"
  | "link"
  | "separator"

export interface FreteOrderDeliveryProps {
  /** What `fetchOrderDelivery` gave (a server component fetches it and passes it down). */
  deliveries: Delivery[]
  /** The heading; none when null. */
  title?: string | null
  className?: string
  /** Extra class names per part, added to the kit's own. */
  classNames?: FreteClassNames<FreteOrderDeliveryPart>
}

/**
 * How each shipment of the order is coming, for the order confirmation and the customer's order
 * page: "SEDEX · Enviado em 25/11/2026", then "Correios · Chega até qui., 3 de dez.", then
 * "Código de rastreio: BR123456789BR · Acompanhar entrega" (a link to the carrier's page when the
 * merchant gave one). Nothing when the order has no shipment of this plugin. Readable with no CSS
 * (class names `frete-delivery__*`, styled by the optional stylesheet).
 */
export function FreteOrderDelivery({
  deliveries,
  title = "Entrega",
  className,
  classNames = {},
}: FreteOrderDeliveryProps) {
  if (!deliveries.length) return null
  const cls = (part: FreteOrderDeliveryPart) => joinClasses(`frete-delivery__${part}`, classNames[part])
  const separator = (
    <span className={cls("separator")} aria-hidden="true">
      {" · "}
    </span>
  )
  return (
    <section className={joinClasses("frete-delivery", className, classNames.root)}>
      {title ? <h2 className={cls("title")}>{title}</h2> : null}
      <ul className={cls("list")}>
        {deliveries.map((delivery, index) => {
          const shown = describeDelivery(delivery)
          const details = [
            shown.carrier && { part: "carrier" as const, text: shown.carrier },
            shown.date && { part: "date" as const, text: shown.date },
          ].filter((fact): fact is { part: "carrier" | "date"; text: string } => Boolean(fact))
          return (
            <li
              key={delivery.fulfillment_id ?? delivery.shipping_method_id ?? index}
              className={cls("item")}
              data-status={shown.status}
            >
              <p className={cls("summary")}>
                <span className={cls("name")}>{shown.name}</span>
                {separator}
                <span className={cls("status")}>{shown.statusText}</span>
              </p>
              {details.length ? (
                <p className={cls("details")}>
                  {details.map((fact, at) => (
                    <span key={fact.part}>
                      {at ? separator : null}
                      <span className={cls(fact.part)}>{fact.text}</span>
                    </span>
                  ))}
                </p>
              ) : null}
              {shown.tracking.map((tracking) => (
                <p key={tracking.code} className={cls("tracking")}>
                  <span className={cls("code")}>{tracking.text}</span>
                  {tracking.url ? (
                    <>
                      {separator}
                      <a className={cls("link")} href={tracking.url} target="_blank" rel="noopener noreferrer">
                        Acompanhar entrega
                      </a>
                    </>
                  ) : null}
                </p>
              ))}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
