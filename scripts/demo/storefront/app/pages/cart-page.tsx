import { errorMessage, formatBRL } from "../../../../../storefront/index"
import { FreteCepCalculator, FreteFreeFreightNudge } from "../../../../../storefront/react"
import { useState } from "react"
import { Link, useShop } from "../shop"

export function CartPage() {
  const { cart, store, frete, config, setCart, navigate } = useShop()
  const [error, setError] = useState<string | null>(null)
  // The CEP of the free-freight nudge: the last one quoted below (else the cart's address's).
  const [cep, setCep] = useState<string | null>(null)
  if (!cart || !cart.items.length) {
    return (
      <section>
        <h1>Carrinho</h1>
        <p>
          Seu carrinho está vazio. <Link to="/">Ver produtos</Link>
        </p>
      </section>
    )
  }
  const change = async (update: () => Promise<unknown>) => {
    try {
      await update()
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
            <span>{item.product_title ?? item.title}</span>{" "}
            <button
              type="button"
              aria-label="Diminuir a quantidade"
              disabled={item.quantity < 2}
              onClick={() => change(() => store.setQuantity(cart.id, item.id, item.quantity - 1))}
              data-testid="quantity-minus"
            >
              −
            </button>{" "}
            <span data-testid="line-quantity">{item.quantity}</span>{" "}
            <button
              type="button"
              aria-label="Aumentar a quantidade"
              onClick={() => change(() => store.setQuantity(cart.id, item.id, item.quantity + 1))}
              data-testid="quantity-plus"
            >
              +
            </button>{" "}
            <span>{formatBRL(item.unit_price * item.quantity)}</span>{" "}
            <button type="button" onClick={() => change(() => store.removeItem(cart.id, item.id))}>
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
        <FreteFreeFreightNudge cart={cart} postalCode={cep} clientOptions={{ publishableKey: config.publishableKey }} />
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {/* Priced again at every change of the cart (lines, quantities, address); it starts from the cart's CEP. */}
      <FreteCepCalculator client={frete} cart={cart} onQuotes={(_quotes, quoted) => setCep(quoted)} />
      <button type="button" className="primary" onClick={() => navigate("/checkout")} data-testid="go-to-checkout">
        Finalizar compra
      </button>
    </section>
  )
}
