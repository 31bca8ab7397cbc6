import { useEffect, useState } from "react"
import { errorMessage, type FreteFacts } from "../../../../../storefront"
import { FreteDeliveryOptionLabel } from "../../../../../storefront/react"
import { useShop } from "../shop"
import type { ShippingOption } from "../store-api"

type Priced = { state: "loading" } | { state: "ready"; amount: number; facts: FreteFacts | null } | { state: "error"; error: unknown }

/**
 * The checkout's delivery step: every shipping option of the cart, each calculated one priced
 * with Medusa's calculate route through the kit (price, carrier, date, or why it is unavailable).
 */
export function DeliveryStep({ onChosen }: { onChosen: () => void }) {
  const { cart, store, frete, setCart } = useShop()
  const [options, setOptions] = useState<ShippingOption[] | null>(null)
  const [prices, setPrices] = useState<Record<string, Priced>>({})
  const [chosen, setChosen] = useState<string | null>(cart?.shipping_methods?.[0]?.shipping_option_id ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const cartId = cart?.id as string

  useEffect(() => {
    let live = true
    const price = (id: string, priced: Priced) => live && setPrices((current) => ({ ...current, [id]: priced }))
    store.shippingOptions(cartId).then(
      (list) => {
        if (!live) return
        setOptions(list)
        for (const option of list) {
          if (option.price_type !== "calculated") {
            price(option.id, { state: "ready", amount: option.amount ?? 0, facts: null })
            continue
          }
          price(option.id, { state: "loading" })
          frete.calculateOption(option.id, { cart_id: cartId }).then(
            ({ amount, facts }) => price(option.id, { state: "ready", amount, facts }),
            (error) => price(option.id, { state: "error", error })
          )
        }
      },
      (error) => live && setProblem(errorMessage(error))
    )
    return () => {
      live = false
    }
  }, [store, frete, cartId])

  const confirm = async () => {
    if (!chosen) return setProblem("Escolha uma opção de entrega.")
    setSaving(true)
    setProblem(null)
    try {
      setCart(await store.chooseOption(cartId, chosen))
      onChosen()
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  if (!options) return problem ? <p role="alert">{problem}</p> : <p>Buscando opções de entrega…</p>
  return (
    <div className="delivery-step" data-testid="delivery-step">
      <fieldset>
        <legend>Opções de entrega para o CEP {cart?.shipping_address?.postal_code}</legend>
        {options.map((option) => {
          const priced = prices[option.id] ?? { state: "loading" }
          return (
            <label key={option.id} className="delivery-choice" data-testid={`delivery-option-${option.id}`} data-state={priced.state}>
              <input type="radio" name="delivery" value={option.id} disabled={priced.state !== "ready"} checked={chosen === option.id} onChange={() => setChosen(option.id)} />
              {priced.state === "loading" ? (
                <span className="frete-option">
                  {option.name}: calculando…
                </span>
              ) : (
                <FreteDeliveryOptionLabel
                  name={option.name}
                  amount={priced.state === "ready" ? priced.amount : null}
                  facts={priced.state === "ready" ? priced.facts : null}
                  error={priced.state === "error" ? priced.error : undefined}
                />
              )}
            </label>
          )
        })}
      </fieldset>
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="button" className="primary" onClick={confirm} disabled={saving || !chosen} data-testid="delivery-submit">
        {saving ? "Salvando…" : "Continuar para o pagamento"}
      </button>
    </div>
  )
}
