import { useEffect, useState } from "react"
import { cartCep, cartPricingKey, type FreteCart } from "../cart"
import type { FreteClientOptions } from "../client"
import { fetchFreeFreight, formatFreeFreight, type FreteFreeFreight } from "../free-freight"
import { joinClasses, type FreteClassNames } from "./option-text"

export type FreteFreeFreightNudgePart = "root" | "text" | "bar"

export interface FreteFreeFreightNudgeProps {
  /** The answer, when the page already has it (a server component called `fetchFreeFreight`): shown as it is. */
  value?: FreteFreeFreight | null
  /** Else the nudge asks the store about this cart (Medusa's store cart), again whenever it changes. */
  cart?: FreteCart | null
  /** A cart by its id alone (then pass `refreshKey`, and `postalCode`: nothing is asked without a CEP). */
  cartId?: string
  /** A CEP typed in the cart's calculator; without it, the `cart`'s shipping address's. No CEP, no request. */
  postalCode?: string | null
  /** How to reach the store, as `createFreteClient` takes it: `{ baseUrl, publishableKey }` or `{ sdk }`. */
  clientOptions?: FreteClientOptions
  /** Anything that changes with the cart's items (its subtotal, `updated_at`): the nudge asks again. */
  refreshKey?: unknown
  className?: string
  /** Extra class names per part: `root`, `text`, `bar`. */
  classNames?: FreteClassNames<FreteFreeFreightNudgePart>
}

/**
 * "Faltam R$ 40,10 para frete grátis" over a bar of the way done, or "Frete grátis para o seu CEP";
 * nothing while it asks, when no rule of the store reaches the CEP, or when the store cannot say.
 * Class names `frete-free-freight` (`--free` once free), `__text`, `__bar`.
 */
export function FreteFreeFreightNudge({
  value,
  cart,
  cartId: cartIdProp,
  postalCode,
  clientOptions,
  refreshKey,
  className,
  classNames = {},
}: FreteFreeFreightNudgeProps) {
  const cartId = cart?.id ?? cartIdProp
  const cep = postalCode?.trim() ? postalCode : cartCep(cart)
  // The answer is shown only for the cart and CEP it was asked for: nothing while it asks again.
  const key = JSON.stringify([cartId ?? null, cep, cart ? cartPricingKey(cart) : null, refreshKey ?? null])
  const [fetched, setFetched] = useState<{ key: string; answer: FreteFreeFreight | null } | null>(null)
  useEffect(() => {
    // Without a CEP the store can say nothing: no request (the route would answer missing_cep).
    if (value !== undefined || !cartId || !clientOptions || !cep) return
    let current = true
    fetchFreeFreight(clientOptions, { cartId, postalCode: cep }).then(
      (answer) => current && setFetched({ key, answer }),
      // A nudge is a bonus: when the store cannot say, it says nothing.
      () => current && setFetched({ key, answer: null })
    )
    return () => {
      current = false
    }
  }, [value, key])

  const answer = value !== undefined ? value : fetched?.key === key ? fetched.answer : null
  const text = formatFreeFreight(answer)
  if (!answer || !text) return null
  return (
    <p
      className={joinClasses(
        "frete-free-freight",
        answer.free && "frete-free-freight--free",
        className,
        classNames.root
      )}
      role="status"
    >
      <span className={joinClasses("frete-free-freight__text", classNames.text)}>{text}</span>
      {!answer.free && answer.threshold ? (
        <progress
          className={joinClasses("frete-free-freight__bar", classNames.bar)}
          max={answer.threshold}
          value={Math.min(answer.subtotal, answer.threshold)}
          aria-hidden="true"
        />
      ) : null}
    </p>
  )
}
