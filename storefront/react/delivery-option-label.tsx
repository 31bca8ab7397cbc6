import { errorMessage } from "../errors"
import { cepErrorMessage, describeOption, formatPrice } from "../format"
import type { FreteFacts } from "../../src/lib/checkout/storefront-contract"
import { joinClasses, OptionText, type FreteClassNames, type FreteOptionPart } from "./option-text"

/** A failed option's line when the CEP itself is the problem (the list's notice says why). */
const UNAVAILABLE_FOR_CEP = "Indisponível para este CEP"

export interface FreteDeliveryOptionLabelProps {
  /** The shipping option's name, as the store named it. */
  name: string
  /** The price in reais; null while unknown. */
  amount: number | null
  /** `calculated_price.frete` (see readFreteFacts), or null for another provider's option. */
  facts: FreteFacts | null
  /**
   * Why the option could not be priced, shown instead of the price: a FreteError, its plain data
   * (`serializeFreteError`, what a server action returns), or a message already in pt-BR. A CEP-level
   * error (invalid or unknown CEP) is the same for every option: the label then says only
   * "Indisponível para este CEP", and `FreteOptionsNotice`, above the options, says why, once.
   */
  error?: unknown
  /** The price is being calculated: "Calculando o frete…" where the price goes. */
  loading?: boolean
  className?: string
  /** Extra class names per part: `root`, `summary`, `name`, `price`, `details`, `carrier`, `deadline`, `date`, `estimated`, `error`, `separator`, `break`. */
  classNames?: FreteClassNames<"root" | FreteOptionPart>
}

/**
 * A checkout option as a Brazilian shopper reads it, as the product page's calculator shows it:
 * "Frete econômico · R$ 33,14", then "Jadlog · Receba em até 7 dias úteis · Chega até qui., 3 de
 * dez."; "Grátis" for 0, a fallback price marked as estimated, or the reason it is unavailable (for
 * the CEP's own error, see `error`). Its text takes the size of the text around it (the facts one
 * step smaller, never under 12px). Phrasing content only, so it fits in a `<label>`; readable with
 * no CSS (class names `frete-option__*`, styled by the optional `medusa-plugin-frete/storefront/styles.css`).
 */
export function FreteDeliveryOptionLabel({
  name,
  amount,
  facts,
  error,
  loading,
  className,
  classNames = {},
}: FreteDeliveryOptionLabelProps) {
  const failed = error !== undefined && error !== null
  // The price is shown from `amount` (null while unknown); only the facts are read here.
  const shown = facts ? describeOption({ ...facts, amount: amount ?? 0 }, name) : null
  const price = failed ? null : loading ? "Calculando o frete…" : amount !== null ? formatPrice(amount) : null
  return (
    <span
      className={joinClasses("frete-option", className, classNames.root)}
      data-state={failed ? "error" : loading ? "loading" : undefined}
    >
      <OptionText
        block="frete-option"
        name={name}
        price={price}
        classNames={classNames}
        facts={
          failed
            ? [{ part: "error", text: cepErrorMessage([error]) ? UNAVAILABLE_FOR_CEP : errorMessage(error) }]
            : loading
              ? []
              : [
                  { part: "carrier", text: shown?.carrier ?? null },
                  { part: "deadline", text: shown?.deadline ?? null },
                  { part: "date", text: shown?.date ?? null },
                  { part: "estimated", text: shown?.note ?? null },
                ]
        }
      />
    </span>
  )
}
