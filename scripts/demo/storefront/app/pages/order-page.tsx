import { useEffect, useState } from "react"
import {
  errorMessage,
  fetchOrderDelivery,
  formatBRL,
  type FreteOrderDelivery as Delivery,
} from "../../../../../storefront/index"
import { FreteDeliveryOptionLabel, FreteOrderDelivery } from "../../../../../storefront/react"
import { Link, useShop } from "../shop"
import type { Order } from "../store-api"
import { factsOfMethod } from "./checkout-page"

/**
 * The order confirmation, and the order's page when the shopper comes back to it (from the
 * e-mail's link): how the order is coming, with the kit's FreteOrderDelivery (carrier, promised
 * date, state, and the tracking code and link once the merchant ships it), said once.
 */
export function OrderPage({ id }: { id: string }) {
  const { store, config } = useShop()
  const [order, setOrder] = useState<Order | null>(null)
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    store.order(id).then(setOrder, (error) => setProblem(errorMessage(error)))
    // The delivery is a bonus on this page: when the store cannot say, the method's label stands for it.
    fetchOrderDelivery({ publishableKey: config.publishableKey }, id).then(setDeliveries, () => setDeliveries([]))
  }, [store, config, id])

  if (problem) return <p role="alert">{problem}</p>
  if (!order || !deliveries) return <p>Carregando o pedido…</p>
  const method = order.shipping_methods[0]
  const facts = factsOfMethod(method?.data)
  return (
    <section className="order-page" data-testid="order-page">
      <h1>Pedido #{order.display_id} confirmado</h1>
      <p>Enviaremos as atualizações da entrega para {order.email}.</p>
      <ul className="cart-lines">
        {order.items.map((item) => (
          <li key={item.id}>
            {item.product_title ?? item.title} × {item.quantity}
          </li>
        ))}
      </ul>
      {deliveries.length ? (
        <FreteOrderDelivery deliveries={deliveries} />
      ) : method ? (
        <FreteDeliveryOptionLabel name={method.name} amount={method.amount} facts={facts} />
      ) : null}
      <p>
        Total: <strong>{formatBRL(order.total)}</strong>
      </p>
      <Link to="/">Continuar comprando</Link>
    </section>
  )
}
