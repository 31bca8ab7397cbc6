import { useEffect, useState } from "react"
import {
  errorMessage,
  serializeFreteError,
  sortByPrice,
  uniqueOffers,
  type FreteClient,
  type FreteErrorData,
  type FreteFacts,
} from "../../../../../storefront/index"
import { FreteDeliveryOptionLabel, FreteOptionsNotice } from "../../../../../storefront/react"
import { useShop } from "../shop"
import type { ShippingOption } from "../store-api"

/** One option's price as a Next.js server action returns it: plain data, the error included. */
export type CalculatedOption = {
  id: string
  amount: number | null
  facts: FreteFacts | null
  error: FreteErrorData | null
}

/**
 * What the README's step 2 does on the server: price one calculated option with the kit, and turn
 * a failure into plain data. The result goes through JSON, as a server action's does on its way to
 * the browser: what the label gets is what a real storefront's would get.
 */
async function calculateAsServerAction(
  frete: FreteClient,
  optionId: string,
  cartId: string
): Promise<CalculatedOption> {
  let result: CalculatedOption
  try {
    const { amount, facts } = await frete.calculateOption(optionId, { cart_id: cartId })
    result = { id: optionId, amount, facts, error: null }
  } catch (error) {
    result = { id: optionId, amount: null, facts: null, error: serializeFreteError(error) }
  }
  return JSON.parse(JSON.stringify(result)) as CalculatedOption
}

/**
 * The checkout's delivery step: every shipping option of the cart, each calculated one priced
 * with Medusa's calculate route through the kit (price, carrier, date, or why it is unavailable),
 * one row per offer, cheapest first; a CEP-level error once, above them.
 */
export function DeliveryStep({ onChosen }: { onChosen: () => void }) {
  const { cart, store, frete, setCart } = useShop()
  const [options, setOptions] = useState<ShippingOption[] | null>(null)
  const [prices, setPrices] = useState<Record<string, CalculatedOption>>({})
  const [chosen, setChosen] = useState<string | null>(cart?.shipping_methods?.[0]?.shipping_option_id ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const cartId = cart?.id as string

  useEffect(() => {
    let live = true
    const price = (priced: CalculatedOption) => live && setPrices((current) => ({ ...current, [priced.id]: priced }))
    store.shippingOptions(cartId).then(
      (list) => {
        if (!live) return
        setOptions(list)
        for (const option of list) {
          if (option.price_type !== "calculated")
            price({ id: option.id, amount: option.amount ?? 0, facts: null, error: null })
          else void calculateAsServerAction(frete, option.id, cartId).then(price)
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
        {/* An unknown CEP is every option's error: said once, here; each option says only that it is unavailable. */}
        <FreteOptionsNotice errors={options.map((option) => prices[option.id]?.error)} />
        {/* One row per offer (a "cheapest" option and the service it picked are one), cheapest first, as the product page's calculator lists them. */}
        {sortByPrice(
          uniqueOffers(options, (option) => prices[option.id], chosen),
          (option) => prices[option.id]?.amount
        ).map((option) => {
          const priced = prices[option.id]
          const state = !priced ? "loading" : priced.error ? "error" : "ready"
          return (
            <label
              key={option.id}
              className="delivery-choice"
              data-testid={`delivery-option-${option.id}`}
              data-state={state}
            >
              <input
                type="radio"
                name="delivery"
                value={option.id}
                disabled={state !== "ready"}
                checked={chosen === option.id}
                onChange={() => setChosen(option.id)}
              />{" "}
              <FreteDeliveryOptionLabel
                name={option.name}
                amount={priced?.amount ?? null}
                facts={priced?.facts ?? null}
                error={priced?.error ?? undefined}
                loading={!priced}
              />
            </label>
          )
        })}
      </fieldset>
      {problem ? <p role="alert">{problem}</p> : null}
      <button
        type="button"
        className="primary"
        onClick={confirm}
        disabled={saving || !chosen}
        data-testid="delivery-submit"
      >
        {saving ? "Salvando…" : "Continuar para o pagamento"}
      </button>
    </div>
  )
}
