import { errorFromAnswer, FreteError } from "./errors"
import type {
  FreteFacts,
  FreteQuote,
  FreteQuoteRequest,
  FreteQuotesAnswer,
} from "../src/lib/checkout/storefront-contract"
import { normalizeCep } from "./cep"

/** `@medusajs/js-sdk`'s instance, or anything with its `client.fetch`. */
export interface MedusaSdkLike {
  client: { fetch<T>(path: string, init?: { method?: string; body?: Record<string, unknown> }): Promise<T> }
}

export type FreteClientOptions =
  { baseUrl?: string; publishableKey?: string; fetch?: typeof fetch } | { sdk: MedusaSdkLike }

export interface FreteOptionPrice {
  amount: number
  facts: FreteFacts | null
  shipping_option: unknown
}

export interface FreteClient {
  /** Every service's price and date for a CEP: `POST /store/frete/quotes`, sorted by price. */
  quote(body: FreteQuoteRequest): Promise<FreteQuote[]>
  /** One checkout option's price and facts: Medusa's `POST /store/shipping-options/:id/calculate`. */
  calculateOption(
    optionId: string,
    body: { cart_id: string; data?: Record<string, unknown> }
  ): Promise<FreteOptionPrice>
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The plugin's facts of a shipping option (or of its `calculated_price`), or null when another provider priced it. */
export function readFreteFacts(value: unknown): FreteFacts | null {
  if (!isObject(value)) return null
  const price = isObject(value.calculated_price) ? value.calculated_price : value
  const facts = isObject(price.frete) ? price.frete : null
  if (!facts || typeof facts.service !== "string" || typeof facts.service_name !== "string") return null
  const days = typeof facts.days === "number" && Number.isFinite(facts.days) ? facts.days : null
  return {
    service: facts.service,
    service_name: facts.service_name,
    carrier: typeof facts.carrier === "string" ? facts.carrier : null,
    days,
    delivery_estimate: typeof facts.delivery_estimate === "string" ? facts.delivery_estimate : null,
    is_fallback: facts.is_fallback === true,
    // Absent on methods priced before the plugin said which estimate.
    ...((facts.estimated_from === "learned" || facts.estimated_from === "table") && {
      estimated_from: facts.estimated_from,
    }),
  }
}

type Post = <T>(path: string, body: Record<string, unknown>) => Promise<T>

function fetchPost(options: { baseUrl?: string; publishableKey?: string; fetch?: typeof fetch }): Post {
  const base = (options.baseUrl ?? "").replace(/\/+$/, "")
  return async <T>(path: string, body: Record<string, unknown>) => {
    const send = options.fetch ?? globalThis.fetch
    let answer: Response
    try {
      answer = await send(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.publishableKey ? { "x-publishable-api-key": options.publishableKey } : {}),
        },
        body: JSON.stringify(body),
      })
    } catch {
      throw new FreteError("network")
    }
    const data: unknown = await answer.json().catch(() => null)
    if (!answer.ok) throw errorFromAnswer(answer.status, data, answer.headers.get("retry-after"))
    return data as T
  }
}

function sdkPost(sdk: MedusaSdkLike): Post {
  return async <T>(path: string, body: Record<string, unknown>) => {
    try {
      return await sdk.client.fetch<T>(path, { method: "POST", body })
    } catch (error) {
      // The SDK's FetchError keeps the status and the server's message, not its code nor its headers.
      const status = isObject(error) && typeof error.status === "number" ? error.status : null
      if (status === null) throw new FreteError("network")
      throw errorFromAnswer(status, { message: error instanceof Error ? error.message : undefined })
    }
  }
}

export function createFreteClient(options: FreteClientOptions = {}): FreteClient {
  const post = "sdk" in options ? sdkPost(options.sdk) : fetchPost(options)
  return {
    async quote(body) {
      // Checked here too, so a mistyped CEP costs no request.
      if (!normalizeCep(body.postal_code)) throw new FreteError("invalid_cep", { status: 400 })
      const answer = await post<Partial<FreteQuotesAnswer>>("/store/frete/quotes", body)
      return Array.isArray(answer?.quotes) ? answer.quotes : []
    },
    async calculateOption(optionId, body) {
      const answer = await post<{ shipping_option?: Record<string, unknown> }>(
        `/store/shipping-options/${encodeURIComponent(optionId)}/calculate`,
        {
          cart_id: body.cart_id,
          data: body.data ?? {},
        }
      )
      const option = answer?.shipping_option ?? {}
      const price = isObject(option.calculated_price) ? option.calculated_price : {}
      const amount =
        typeof price.calculated_amount === "number"
          ? price.calculated_amount
          : typeof option.amount === "number"
            ? option.amount
            : null
      if (amount === null) throw new FreteError("option_unavailable")
      return { amount, facts: readFreteFacts(option), shipping_option: option }
    },
  }
}
