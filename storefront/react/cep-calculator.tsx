import { useEffect, useId, useRef, useState, type FormEvent } from "react"
import { cartCep, cartPricingKey, type FreteCart } from "../cart"
import { isValidCep, maskCep, normalizeCep } from "../cep"
import type { FreteClient } from "../client"
import { errorMessage, FreteError } from "../errors"
import { describeOption, sortByPrice } from "../format"
import type { FreteQuote } from "../../src/lib/checkout/storefront-contract"
import { joinClasses, OptionText, type FreteClassNames, type FreteOptionPart } from "./option-text"

/** The calculator's own parts; each option's parts are those of FreteOptionPart. */
export type FreteCepCalculatorPart =
  "root" | "form" | "label" | "field" | "input" | "button" | "status" | "error" | "list" | "option" | FreteOptionPart

export interface FreteCepCalculatorProps {
  client: FreteClient
  /** A product page: the variant and quantity the shopper is looking at. */
  items?: Array<{ variant_id: string; quantity: number }>
  /**
   * A cart (Medusa's store cart): the calculator starts from its address's CEP, and any change of
   * its lines, quantities or address prices the shown CEP again. The CEP typed here is used for the
   * quote, not saved on the cart.
   */
  cart?: FreteCart | null
  /** A cart by its id alone; then pass `refreshKey`, or the prices shown may be another cart's. */
  cartId?: string
  /** Anything that changes when what prices the freight changes: the shown CEP is priced again. */
  refreshKey?: unknown
  /** The CEP to start from (quoted at once when complete); a `cart`'s own CEP goes first. */
  initialCep?: string
  /** The options found, and the CEP they are for ("30130-010"): a cart page can ask its free-freight nudge about that CEP. */
  onQuotes?: (quotes: FreteQuote[], cep: string) => void
  className?: string
  /** Extra class names per part (Tailwind users): `root`, `form`, `label`, `field`, `input`, `button`, `status`, `error`, `list`, `option`, and each option's `summary`, `name`, `price`, `details`, `carrier`, `deadline`, `date`, `estimated`, `separator`, `break`. */
  classNames?: FreteClassNames<FreteCepCalculatorPart>
  /** The field's label; "Calcule o frete" by default. */
  label?: string
}

type State =
  | { kind: "idle" }
  | { kind: "loading"; key: string }
  | { kind: "done"; key: string; quotes: FreteQuote[]; cep: string }
  | { kind: "error"; key: string; message: string }

/**
 * "Calcule o frete": a CEP field and the store's shipping options for it (each with price,
 * carrier, deadline and date), for a product page (`items`) or a cart (`cart`). Cheapest first,
 * each read as checkout's `FreteDeliveryOptionLabel` reads it (order checkout's options with
 * `sortByPrice` to match). Prices are shown only for the items or cart they were asked for: a
 * change asks again (one request per change, none for an equal cart rendered again), and the old
 * prices are gone at once. Native field and button, options as text that reads with no CSS; class
 * names `frete-calculator__*`, styled by the optional stylesheet.
 */
export function FreteCepCalculator({
  client,
  items,
  cart,
  cartId: cartIdProp,
  refreshKey,
  initialCep,
  onQuotes,
  className,
  classNames = {},
  label = "Calcule o frete",
}: FreteCepCalculatorProps) {
  const cls = (part: Exclude<FreteCepCalculatorPart, "root">) =>
    joinClasses(`frete-calculator__${part}`, classNames[part])
  const inputId = useId()
  const statusId = useId()
  const cartId = cart?.id ?? cartIdProp
  const startCep = cartCep(cart) ?? initialCep ?? ""
  const [cep, setCep] = useState(() => maskCep(startCep))
  const [state, setState] = useState<State>({ kind: "idle" })
  // What the shown prices depend on: an answer for another key is never shown.
  const key = JSON.stringify([cart ? cartPricingKey(cart) : (cartId ?? null), items ?? null, refreshKey ?? null])
  // Only the latest request may show its answer: an earlier one that comes back late is dropped.
  const latest = useRef(0)
  // The CEP last priced, and the cart's own CEP as last seen (a new one replaces the field's).
  const quoted = useRef<string | null>(null)
  const seenStart = useRef<string | null>(null)

  const run = async (typed: string) => {
    const request = ++latest.current
    if (!isValidCep(typed)) {
      setState({ kind: "error", key, message: new FreteError("invalid_cep").message })
      return
    }
    quoted.current = maskCep(typed)
    setState({ kind: "loading", key })
    try {
      const quotes = await client.quote(
        cartId ? { postal_code: typed, cart_id: cartId } : { postal_code: typed, items: items ?? [] }
      )
      if (request !== latest.current) return
      setState({ kind: "done", key, quotes, cep: maskCep(typed) })
      onQuotes?.(quotes, maskCep(typed))
    } catch (error) {
      if (request === latest.current) setState({ kind: "error", key, message: errorMessage(error) })
    }
  }

  // A new cart, quantity, variant or address: price again the CEP shown (or the cart's new CEP).
  useEffect(() => {
    let target = quoted.current
    const start = normalizeCep(startCep)
    if (start && start !== seenStart.current) {
      seenStart.current = start
      target = maskCep(start)
      setCep(target)
    }
    if (target) void run(target)
    else setState({ kind: "idle" })
  }, [key, startCep])

  // Until the effect above asks again, a change shows as the new request it is, never as old prices.
  const view: State = state.kind !== "idle" && state.key !== key ? { kind: "loading", key } : state

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(cep)
  }

  const loading = view.kind === "loading"
  const status =
    view.kind === "loading"
      ? "Calculando o frete…"
      : view.kind === "done"
        ? view.quotes.length
          ? `${view.quotes.length} ${view.quotes.length === 1 ? "opção" : "opções"} de entrega para o CEP ${view.cep}.`
          : `Nenhuma opção de entrega para o CEP ${view.cep}.`
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
            aria-invalid={view.kind === "error" ? true : undefined}
            onChange={(event) => setCep(maskCep(event.target.value))}
          />{" "}
          {/* No type attribute (a form's button submits): a reset's [type="submit"] rule would outweigh the kit's stylesheet. */}
          <button className={cls("button")} disabled={loading}>
            {loading ? "Calculando…" : "Calcular"}
          </button>
        </span>
      </form>
      <p id={statusId} className={cls("status")} role="status" aria-live="polite">
        {status}
      </p>
      {view.kind === "error" ? (
        <p className={cls("error")} role="alert">
          {view.message}
        </p>
      ) : null}
      {view.kind === "done" && view.quotes.length ? (
        <ul className={cls("list")}>
          {sortByPrice(view.quotes, (quote) => quote.amount).map((quote, index) => {
            const option = describeOption(quote)
            return (
              <li
                key={`${quote.option_id ?? quote.service}-${index}`}
                className={cls("option")}
                data-frete-option={quote.option_id}
                data-frete-service={quote.service}
              >
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
