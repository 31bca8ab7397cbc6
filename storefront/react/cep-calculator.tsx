import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { isValidCep, maskCep } from "../cep"
import type { FreteClient } from "../client"
import { errorMessage, FreteError } from "../errors"
import { describeOption } from "../format"
import type { FreteQuote } from "../types"

export interface FreteCepCalculatorProps {
  client: FreteClient
  /** A product page: the variant and quantity the shopper is looking at. */
  items?: Array<{ variant_id: string; quantity: number }>
  /** A cart: its id (the CEP typed here is used for the quote, not saved on the cart). */
  cartId?: string
  initialCep?: string
  onQuotes?: (quotes: FreteQuote[]) => void
  className?: string
  /** The field's label; "Calcule o frete" by default. */
  label?: string
}

type State = { kind: "idle" } | { kind: "loading" } | { kind: "done"; quotes: FreteQuote[]; cep: string } | { kind: "error"; message: string }

const join = (...names: Array<string | undefined | false>) => names.filter(Boolean).join(" ")

/**
 * "Calcule o frete": a CEP field and every service's price, deadline and date for it, for a
 * product page (`items`) or a cart (`cartId`). Unstyled; class names `frete-calculator__*`.
 */
export function FreteCepCalculator({ client, items, cartId, initialCep, onQuotes, className, label = "Calcule o frete" }: FreteCepCalculatorProps) {
  const inputId = useId()
  const statusId = useId()
  const [cep, setCep] = useState(() => maskCep(initialCep ?? ""))
  const [state, setState] = useState<State>({ kind: "idle" })
  // Only the latest request may show its answer: an earlier one that comes back late is dropped.
  const latest = useRef(0)
  const itemsKey = JSON.stringify(items ?? null)

  const run = async (typed: string) => {
    const request = ++latest.current
    if (!isValidCep(typed)) {
      setState({ kind: "error", message: new FreteError("invalid_cep").message })
      return
    }
    setState({ kind: "loading" })
    try {
      const quotes = await client.quote(cartId ? { postal_code: typed, cart_id: cartId } : { postal_code: typed, items: items ?? [] })
      if (request !== latest.current) return
      setState({ kind: "done", quotes, cep: maskCep(typed) })
      onQuotes?.(quotes)
    } catch (error) {
      if (request === latest.current) setState({ kind: "error", message: errorMessage(error) })
    }
  }

  // A new quantity or variant makes the shown prices stale: ask again for the CEP already quoted.
  const shown = state.kind === "done" ? state.cep : null
  useEffect(() => {
    if (shown) void run(shown)
  }, [itemsKey, cartId])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(cep)
  }

  const loading = state.kind === "loading"
  const status =
    state.kind === "loading"
      ? "Calculando o frete…"
      : state.kind === "done"
        ? state.quotes.length
          ? `${state.quotes.length} ${state.quotes.length === 1 ? "opção" : "opções"} de entrega para o CEP ${state.cep}.`
          : `Nenhuma opção de entrega para o CEP ${state.cep}.`
        : ""

  return (
    <section className={join("frete-calculator", className)} aria-busy={loading}>
      <form className="frete-calculator__form" onSubmit={submit} noValidate>
        <label className="frete-calculator__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="frete-calculator__input"
          name="postal_code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          maxLength={9}
          value={cep}
          aria-describedby={statusId}
          aria-invalid={state.kind === "error" ? true : undefined}
          onChange={(event) => setCep(maskCep(event.target.value))}
        />
        <button type="submit" className="frete-calculator__button" disabled={loading}>
          {loading ? "Calculando…" : "Calcular"}
        </button>
      </form>
      <p id={statusId} className="frete-calculator__status" role="status" aria-live="polite">
        {status}
      </p>
      {state.kind === "error" ? (
        <p className="frete-calculator__error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === "done" && state.quotes.length ? (
        <ul className="frete-calculator__list">
          {state.quotes.map((quote, index) => {
            const option = describeOption(quote)
            return (
              <li key={`${quote.service}-${index}`} className="frete-calculator__option" data-frete-service={quote.service}>
                <span className="frete-calculator__name">{option.name}</span>
                <span className="frete-calculator__price">{option.price}</span>
                {option.carrier ? <span className="frete-calculator__carrier">{option.carrier}</span> : null}
                <span className="frete-calculator__deadline">{option.deadline}</span>
                {option.date ? <span className="frete-calculator__date">{option.date}</span> : null}
                {option.note ? <span className="frete-calculator__estimated">{option.note}</span> : null}
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
