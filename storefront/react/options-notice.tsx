import { normalizeCep } from "../cep"
import { cepErrorMessage } from "../format"
import type { WarmQuoteResult } from "../warm"
import { joinClasses } from "./option-text"

export interface FreteOptionsNoticeProps {
  /** Every option's error as the delivery step has it (FreteErrors, their plain data, messages; none for a priced option). */
  errors: ReadonlyArray<unknown>
  className?: string
}

/**
 * Above a delivery step's options: the CEP's own error (invalid, or unknown to the freight
 * service), said once for the whole list, since it is every option's; nothing otherwise. Each
 * option's `FreteDeliveryOptionLabel` then says only "Indisponível para este CEP". Class name
 * `frete-notice`.
 */
export function FreteOptionsNotice({ errors, className }: FreteOptionsNoticeProps) {
  const message = cepErrorMessage(errors)
  return message ? (
    <p className={joinClasses("frete-notice", className)} role="alert">
      {message}
    </p>
  ) : null
}

export interface FreteCepNoticeProps {
  /** What `useFreteWarmQuote` returned. */
  warmed: WarmQuoteResult | null
  /** The CEP field's value now: a warm-up of another CEP says nothing of it. */
  postalCode: string
  /** For the field's `aria-describedby`. */
  id?: string
  className?: string
}

/**
 * Under an address form's CEP field: the warm-up's CEP error ("Não encontramos esse CEP…") as soon
 * as the warm-up knows it, for the CEP still typed there. The element is always there, empty
 * otherwise, so the form does not move when the message comes (the stylesheet keeps a line for
 * it) and screen readers, which announce changes of a region already present, read it. Class names
 * `frete-notice frete-notice--cep`.
 */
export function FreteCepNotice({ warmed, postalCode, id, className }: FreteCepNoticeProps) {
  const current = warmed !== null && warmed.cep === normalizeCep(postalCode)
  const message = current ? cepErrorMessage([warmed.error]) : null
  return (
    <span id={id} className={joinClasses("frete-notice frete-notice--cep", className)} role="alert">
      {message}
    </span>
  )
}
