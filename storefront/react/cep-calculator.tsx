import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { isValidCep, maskCep } from "../cep"
import type { FreteClient } from "../client"
import { errorMessage, FreteError } from "../errors"
import { describeOption, sortByPrice } from "../format"
import type { FreteQuote } from "../../src/lib/checkout/storefront-contract"
import { joinClasses, OptionText, type FreteClassNames, type FreteOptionPart } from "./option-text"

/** The calculator's own parts; each option's parts are those of FreteOptionPart. */
export type FreteCepCalculatorPart = "root" | "form" | "label" | "field" | "input" | "button" | "status" | "error" | "list" | "option" | FreteOptionPart

export interface FreteCepCalculatorProps {
  client: FreteClient
  /** A product page: the variant and quantity the shopper is looking at. */
  items?: Array<{ variant_id: string; quantity: number }>
  /** A cart: its id (the CEP typed here is used for the quote, not saved on the cart). */
  cartId?: string
  initialCep?: string
  /** The options found, and the CEP they are for ("30130-010"): a cart page can ask its free-freight nudge about that CEP. */
  onQuotes?: (quotes: FreteQuote[], cep: string) => void
  className?: string
  /** Extra class names per part (Tailwind users): `root`, `form`, `label`, `field`, `input`, `button`, `status`, `error`, `list`, `option`, and each option's `summary`, `name`, `price`, `details`, `carrier`, `deadline`, `date`, `estimated`, `separator`, `break`. */
  classNames?: FreteClassNames<FreteCepCalculatorPart>
  /** The field's label; "Calcule o frete" by default. */
  label?: string
}

type State = { kind: "idle" } | { kind: "loading" } | { kind: "done"; quotes: FreteQuote[]; cep: string } | { kind: "error"; message: string }

/**
 * "Calcule o frete": a CEP field and the store's shipping options for it (each with price,
 * carrier, deadline and date), for a product page (`items`) or a cart (`cartId`). Cheapest first,
 * each read as checkout's `FreteDeliveryOptionLabel` reads it (order checkout's options with
 * `sortByPrice` to match). Native field and
 * button, options as text that reads with no CSS; class names `frete-calculator__*`, styled by the
 * optional `medusa-plugin-frete/storefront/styles.css`.
 */
export function FreteCepCalculator({ client, items, cartId, initialCep, onQuotes, className, classNames = {}, label = "Calcule o frete" }: FreteCepCalculatorProps) {
  const cls = (part: Exclude<FreteCepCalculatorPart, "root">) => joinClasses(`frete-calculator__${part}`, classNames[part])
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
      onQuotes?.(quotes, maskCep(typed))
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
    <section className={joinClasses("frete-calculator", className, classNames.root)} aria-busy={loading}>
      <form className={cls("form")} onSubmit={submit} noValidate>
        <label className={cls("label")} htmlFor={inputId}>
          {label}
        </label>{" "}
        <span className={cls("field")}>
          <input
            id={inputId}
            className={cls("input")}
            type="text"
            name="postal_code"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            value={cep}
            aria-describedby={statusId}
            aria-invalid={state.kind === "error" ? true : undefined}
            onChange={(event) => setCep(maskCep(event.target.value))}
          />{" "}
          <button type="submit" className={cls("button")} disabled={loading}>
            {loading ? "Calculando…" : "Calcular"}
          </button>
        </span>
      </form>
      <p id={statusId} className={cls("status")} role="status" aria-live="polite">
        {status}
      </p>
      {state.kind === "error" ? (
        <p className={cls("error")} role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === "done" && state.quotes.length ? (
        <ul className={cls("list")}>
          {sortByPrice(state.quotes, (quote) => quote.amount).map((quote, index) => {
            const option = describeOption(quote)
            return (
              <li key={`${quote.option_id ?? quote.service}-${index}`} className={cls("option")} data-frete-option={quote.option_id} data-frete-service={quote.service}>
                <OptionText
                  block="frete-calculator"
                  name={option.name}
                  price={option.price}
                  classNames={classNames}
                  facts={[
                    { part: "carrier", text: option.carrier },
                    { part: "deadline", text: option.deadline },
                    { part: "date", text: option.date },
                    { part: "estimated", text: option.note },
                  ]}
                />
              </li>
            )
          })}
        </ul>
      ) : null}
    </section>
  )
}
