import { STORE_ERROR_MESSAGES, type StoreErrorCode } from "../src/lib/checkout/storefront-contract"

/** A store answer's error code the kit tells apart, a network failure, or anything else. */
export type FreteErrorCode = StoreErrorCode | "network" | "unknown"

/** The plugin's own messages (the server sends the same, from the contract both build from), so an answer that lost its `code` is still told apart. */
const MESSAGES: Record<FreteErrorCode, string> = {
  ...STORE_ERROR_MESSAGES,
  network: "Não foi possível falar com a loja. Verifique sua conexão e tente novamente.",
  unknown: "Não foi possível calcular o frete. Tente novamente.",
}

const ALL_CODES = Object.keys(MESSAGES) as FreteErrorCode[]
/** The codes the plugin's routes send. */
const KNOWN_CODES = Object.keys(STORE_ERROR_MESSAGES) as StoreErrorCode[]

/**
 * A FreteError as plain data: what a server action or a server component can hand to the browser
 * (JSON keeps it whole). `FreteError#toJSON` and `serializeFreteError` give it; the label and
 * `errorMessage` read it back.
 */
export interface FreteErrorData {
  code: FreteErrorCode
  message: string
  status: number | null
  retryAfterSeconds: number | null
}

/** Why a quote or an option's price failed; `message` is for the shopper (pt-BR). */
export class FreteError extends Error {
  readonly code: FreteErrorCode
  readonly status: number | null
  readonly retryAfterSeconds: number | null

  constructor(
    code: FreteErrorCode,
    options: { message?: string; status?: number | null; retryAfterSeconds?: number | null } = {}
  ) {
    super(options.message || MESSAGES[code])
    this.name = "FreteError"
    this.code = code
    this.status = options.status ?? null
    this.retryAfterSeconds = options.retryAfterSeconds ?? null
  }

  /** The shopper can fix it by changing the CEP. */
  get isCepProblem(): boolean {
    return this.code === "invalid_cep" || this.code === "cep_not_served"
  }

  /** Plain data (an Error's own fields are lost by JSON.stringify; these are not). */
  toJSON(): FreteErrorData {
    return { code: this.code, message: this.message, status: this.status, retryAfterSeconds: this.retryAfterSeconds }
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null)
const NETWORK_FAILURE = /^(TypeError: )?(fetch failed|Failed to fetch|NetworkError|Load failed)/i

/** A FreteError's data (from `toJSON`, or after a JSON round trip): a known code and a message. */
export function isFreteErrorData(value: unknown): value is FreteErrorData {
  return isRecord(value) && (ALL_CODES as readonly unknown[]).includes(value.code) && text(value.message) !== null
}

/**
 * Any error as a FreteError: a FreteError as it is, its plain data rebuilt, a plain `{ code?, message }`
 * or message kept, a network failure as `network`, anything else `unknown` with the generic text.
 */
export function toFreteError(error: unknown): FreteError {
  if (error instanceof FreteError) return error
  if (isRecord(error) && !(error instanceof Error)) {
    const code = (ALL_CODES as readonly unknown[]).includes(error.code) ? (error.code as FreteErrorCode) : null
    const status = typeof error.status === "number" ? error.status : null
    const retryAfterSeconds = typeof error.retryAfterSeconds === "number" ? error.retryAfterSeconds : null
    // The generic text never hides what a known code says (an unknown CEP must say to fix the CEP).
    const message = code && code !== "unknown" && text(error.message) === MESSAGES.unknown ? null : text(error.message)
    return new FreteError(code ?? knownByMessage(message) ?? "unknown", {
      message: message ?? undefined,
      status,
      retryAfterSeconds,
    })
  }
  if (typeof error === "string") {
    const message = text(error)
    if (message && NETWORK_FAILURE.test(message)) return new FreteError("network")
    return new FreteError(knownByMessage(message) ?? "unknown", { message: message ?? undefined })
  }
  if (error instanceof TypeError) return new FreteError("network")
  if (error instanceof Error && text(error.message) && !NETWORK_FAILURE.test(error.message)) {
    return new FreteError(knownByMessage(error.message) ?? "unknown", { message: error.message })
  }
  return new FreteError(error instanceof Error ? "network" : "unknown")
}

/** Any error as plain data a server action can return: `{ code, message, status, retryAfterSeconds }`. */
export function serializeFreteError(error: unknown): FreteErrorData {
  return toFreteError(error).toJSON()
}

function knownByMessage(message: string | null): FreteErrorCode | null {
  return message ? (KNOWN_CODES.find((code) => MESSAGES[code] === message) ?? null) : null
}

function codeOf(status: number, body: { code?: unknown; message?: unknown }): FreteErrorCode {
  if (typeof body.code === "string" && (KNOWN_CODES as readonly string[]).includes(body.code))
    return body.code as FreteErrorCode
  if (status === 429) return "too_many_quotes"
  return knownByMessage(text(body.message)) ?? "unknown"
}

/** The error of a store route's answer: Medusa's body `{ type, code, message }`, and `Retry-After` on a 429. */
export function errorFromAnswer(status: number, body: unknown, retryAfter?: string | null): FreteError {
  const fields = isRecord(body) ? (body as { code?: unknown; message?: unknown }) : {}
  const code = codeOf(status, fields)
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null
  if (code === "too_many_quotes" && seconds) {
    const wait = seconds <= 60 ? `${seconds} segundo${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutos`
    return new FreteError(code, {
      status,
      retryAfterSeconds: seconds,
      message: `Muitas consultas de frete em pouco tempo. Tente novamente em ${wait}.`,
    })
  }
  // A server message is already the shopper's (pt-BR) for the plugin's errors; a 5xx's is not.
  const message = status < 500 ? (text(fields.message) ?? undefined) : undefined
  return new FreteError(code, { status, message })
}

/**
 * A text for the shopper, whatever failed: a FreteError, its plain data (what a server action
 * returns), a plain `{ message }`, a message already written for the shopper, or a network
 * failure. A message it is given is shown as it is: only an error with none gets the generic text.
 */
export function errorMessage(error: unknown): string {
  return toFreteError(error).message
}
