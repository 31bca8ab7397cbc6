import { errorMessage, formatBRL } from "../../../../../storefront/index"
import { FreteCepCalculator, FreteFreeFreightNudge } from "../../../../../storefront/react"
import { useState } from "react"
import { Link, useShop } from "../shop"

export function CartPage() {
  const { cart, store, frete, config, setCart, navigate } = useShop()
  const [error, setError] = useState<string | null>(null)
  // The CEP of the free-freight nudge: the cart's address's, then the last one quoted below.
  const [cep, setCep] = useState<string | null>(null)
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
      {/* How far the cart is from the store's free freight to that CEP; nothing before a CEP, or with no rule for it. */}
      <div className="cart-free-freight" data-testid="cart-free-freight">
        <FreteFreeFreightNudge
          cartId={cart.id}
          postalCode={cep ?? cart.shipping_address?.postal_code ?? null}
          clientOptions={{ publishableKey: config.publishableKey }}
          refreshKey={cart.item_subtotal ?? cart.subtotal}
        />
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <FreteCepCalculator client={frete} cartId={cart.id} initialCep={cart.shipping_address?.postal_code ?? undefined} onQuotes={(_quotes, quoted) => setCep(quoted)} />
      <button type="button" className="primary" onClick={() => navigate("/checkout")} data-testid="go-to-checkout">
        Finalizar compra
      </button>
    </section>
  )
}
