import { normalizeCep } from "./cep"
import type { FreteClientOptions } from "./client"
import { errorFromAnswer, FreteError } from "./errors"
import { formatBRL } from "./format"
import type { FreteFreeFreightAnswer } from "../src/api/store/frete/free-freight/contract"

/** How far a cart is from free freight to a CEP (`GET /store/frete/free-freight`). */
export type FreteFreeFreight = FreteFreeFreightAnswer

export interface FreeFreightRequest {
  cartId: string
  /** A CEP typed in the cart's calculator; without it, the cart's shipping address's. */
  postalCode?: string | null
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * `GET /store/frete/free-freight`: whether the store's free-freight rules make the cart's freight
 * free to the CEP, and if not, what the cart lacks. No freight call on the server, so it can be
 * asked at every change of the cart. A CEP of a wrong shape costs no request (`invalid_cep`).
 */
export async function fetchFreeFreight(
  options: FreteClientOptions,
  { cartId, postalCode }: FreeFreightRequest
): Promise<FreteFreeFreight> {
  const cep = postalCode?.trim() ? normalizeCep(postalCode) : null
  if (postalCode?.trim() && !cep) throw new FreteError("invalid_cep", { status: 400 })
  const path = `/store/frete/free-freight?${new URLSearchParams(cep ? { cart_id: cartId, postal_code: cep } : { cart_id: cartId })}`
  if ("sdk" in options) {
    try {
      return await options.sdk.client.fetch<FreteFreeFreight>(path, { method: "GET" })
    } catch (error) {
      // As the client's: the SDK's FetchError keeps the status and the server's message.
      const status = isObject(error) && typeof error.status === "number" ? error.status : null
      if (status === null) throw new FreteError("network")
      throw errorFromAnswer(status, { message: error instanceof Error ? error.message : undefined })
    }
  }
  let answer: Response
  try {
    answer = await (options.fetch ?? globalThis.fetch)(`${(options.baseUrl ?? "").replace(/\/+$/, "")}${path}`, {
      headers: options.publishableKey ? { "x-publishable-api-key": options.publishableKey } : {},
    })
  } catch {
    throw new FreteError("network")
  }
  const data: unknown = await answer.json().catch(() => null)
  if (!answer.ok) throw errorFromAnswer(answer.status, data)
  return data as FreteFreeFreight
}

/** "Frete grátis para o seu CEP", "Faltam R$ 40,10 para frete grátis", or null when no rule reaches the CEP. */
export function formatFreeFreight(
  answer: Pick<FreteFreeFreight, "free" | "reachable" | "missing"> | null | undefined
): string | null {
  if (answer?.free) return "Frete grátis para o seu CEP"
  if (!answer?.reachable || !answer.missing || answer.missing <= 0) return null
  return `Faltam ${formatBRL(answer.missing)} para frete grátis`
}
