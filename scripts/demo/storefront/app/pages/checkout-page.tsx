import { useState } from "react"
import { errorMessage, formatBRL, formatPrice, normalizeCep, type FreteFacts } from "../../../../../storefront/index"
import { FreteShippingMethodFacts, FreteShippingTotal } from "../../../../../storefront/react"
import { Link, useShop } from "../shop"
import { AddressForm } from "./address-form"
import { DeliveryStep } from "./delivery-step"

type Step = "address" | "delivery" | "payment"

/** A shipping method's data, when this plugin priced it: the facts the shopper was shown. */
export function factsOfMethod(data: Record<string, unknown> | null | undefined): FreteFacts | null {
  return data && typeof data.service === "string" && typeof data.service_name === "string"
    ? (data as unknown as FreteFacts)
    : null
}

export function CheckoutPage() {
  const { cart, store, setCart, navigate } = useShop()
  const [step, setStep] = useState<Step>("address")
  const [problem, setProblem] = useState<string | null>(null)
  const [placing, setPlacing] = useState(false)
  if (!cart || !cart.items.length) {
    return (
      <p>
        Seu carrinho está vazio. <Link to="/">Ver produtos</Link>
      </p>
    )
  }

  const place = async () => {
    setPlacing(true)
    setProblem(null)
    try {
      const order = await store.placeOrder(cart.id)
      setCart(null)
      navigate(`/pedidos/${order.id}`)
    } catch (error) {
      setProblem(errorMessage(error))
      setPlacing(false)
    }
  }
  const method = cart.shipping_methods?.[0]
  const cep = normalizeCep(cart.shipping_address?.postal_code ?? "")

  return (
    <section className="checkout-page" data-testid="checkout-page">
      <h1>Finalizar compra</h1>
      {/* The summary on every step: freight "a calcular" until a method is chosen, never R$ 0,00. */}
      <dl className="totals" data-testid="checkout-summary">
        <dt>Produtos</dt>
        <dd>{formatBRL(cart.item_subtotal ?? cart.subtotal)}</dd>
        <dt>Frete</dt>
        <dd data-testid="summary-shipping">
          <FreteShippingTotal totals={cart} />
        </dd>
        <dt>Total</dt>
        <dd data-testid="checkout-total">{formatBRL(cart.total)}</dd>
      </dl>
      <h2 className={step === "address" ? "step step--current" : "step"}>1. Endereço de entrega</h2>
      {step === "address" ? (
        <AddressForm
          initial={{ email: cart.email ?? "", postal_code: cart.shipping_address?.postal_code ?? "" }}
          onSubmit={async ({ email, address }) => {
            setCart(await store.setAddress(cart.id, email, address))
            setStep("delivery")
          }}
        />
      ) : (
        <p>
          Entrega no CEP {cep ? `${cep.slice(0, 5)}-${cep.slice(5)}` : "—"}.{" "}
          <button type="button" className="link" onClick={() => setStep("address")}>
            Alterar
          </button>
        </p>
      )}
      <h2 className={step === "delivery" ? "step step--current" : "step"}>2. Entrega</h2>
      {step === "delivery" ? <DeliveryStep onChosen={() => setStep("payment")} /> : null}
      {step === "payment" && method ? (
        <p className="chosen-method" data-testid="chosen-method">
          {method.name} · {formatPrice(method.amount)}
          <br />
          {/* The promise in the shop's own class, as a storefront passes it (the dtc-starter's step 14). */}
          <FreteShippingMethodFacts method={method} className="chosen-method__facts" />
        </p>
      ) : null}
      <h2 className={step === "payment" ? "step step--current" : "step"}>3. Pagamento</h2>
      {step === "payment" ? (
        <div className="payment-step" data-testid="payment-step">
          <label>
            <input type="radio" checked readOnly /> Pagamento na entrega (demonstração: nada é cobrado)
          </label>
          {problem ? <p role="alert">{problem}</p> : null}
          <button type="button" className="primary" onClick={place} disabled={placing} data-testid="place-order">
            {placing ? "Enviando pedido…" : "Finalizar pedido"}
          </button>
        </div>
      ) : null}
    </section>
  )
}
