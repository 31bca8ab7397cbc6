import { errorMessage, formatBRL } from "../../../../../storefront"
import { FreteCepCalculator } from "../../../../../storefront/react"
import { useState } from "react"
import { Link, useShop } from "../shop"

export function CartPage() {
  const { cart, store, frete, setCart, navigate } = useShop()
  const [error, setError] = useState<string | null>(null)
  if (!cart || !cart.items.length) {
    return (
      <section>
        <h1>Carrinho</h1>
        <p>Seu carrinho está vazio. <Link to="/">Ver produtos</Link></p>
      </section>
    )
  }
  const remove = async (lineId: string) => {
    try {
      await store.removeItem(cart.id, lineId)
      setCart(await store.cart(cart.id))
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }
  return (
    <section className="cart-page" data-testid="cart-page">
      <h1>Carrinho</h1>
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <li key={item.id}>
            <span>{item.product_title ?? item.title}</span> <span>× {item.quantity}</span> <span>{formatBRL(item.unit_price * item.quantity)}</span>{" "}
            <button type="button" onClick={() => remove(item.id)}>
              Remover
            </button>
          </li>
        ))}
      </ul>
      <p>
        Subtotal: <strong>{formatBRL(cart.item_subtotal ?? cart.subtotal)}</strong>
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <FreteCepCalculator client={frete} cartId={cart.id} initialCep={cart.shipping_address?.postal_code ?? undefined} />
      <button type="button" className="primary" onClick={() => navigate("/checkout")} data-testid="go-to-checkout">
        Finalizar compra
      </button>
    </section>
  )
}
