export type FreteErrorCode =
  | "invalid_cep"
  | "cep_not_served"
  | "too_many_quotes"
  | "freight_unavailable"
  | "option_unavailable"
  | "network"
  | "unknown"

const KNOWN_CODES: readonly FreteErrorCode[] = ["invalid_cep", "cep_not_served", "too_many_quotes", "freight_unavailable", "option_unavailable"]

/** The plugin's own messages (the server sends them), so an answer that lost its `code` is still told apart. */
const MESSAGES: Record<FreteErrorCode, string> = {
  invalid_cep: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.",
  cep_not_served: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
  too_many_quotes: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
  freight_unavailable: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
  option_unavailable: "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
  network: "Não foi possível falar com a loja. Verifique sua conexão e tente novamente.",
  unknown: "Não foi possível calcular o frete. Tente novamente.",
}

/** Why a quote or an option's price failed; `message` is for the shopper (pt-BR). */
export class FreteError extends Error {
  readonly code: FreteErrorCode
  readonly status: number | null
  readonly retryAfterSeconds: number | null

  constructor(code: FreteErrorCode, options: { message?: string; status?: number | null; retryAfterSeconds?: number | null } = {}) {
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
}

function codeOf(status: number, body: { code?: unknown; message?: unknown }): FreteErrorCode {
  if (typeof body.code === "string" && (KNOWN_CODES as readonly string[]).includes(body.code)) return body.code as FreteErrorCode
  if (status === 429) return "too_many_quotes"
  const known = KNOWN_CODES.find((code) => MESSAGES[code] === body.message)
  return known ?? "unknown"
}

/** The error of a store route's answer: Medusa's body `{ type, code, message }`, and `Retry-After` on a 429. */
export function errorFromAnswer(status: number, body: unknown, retryAfter?: string | null): FreteError {
  const fields = body && typeof body === "object" ? (body as { code?: unknown; message?: unknown }) : {}
  const code = codeOf(status, fields)
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null
  if (code === "too_many_quotes" && seconds) {
    const wait = seconds <= 60 ? `${seconds} segundo${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutos`
    return new FreteError(code, { status, retryAfterSeconds: seconds, message: `Muitas consultas de frete em pouco tempo. Tente novamente em ${wait}.` })
  }
  // A server message is already the shopper's (pt-BR) for the plugin's errors; a 5xx's is not.
  const message = status < 500 && typeof fields.message === "string" && fields.message.trim() ? fields.message : undefined
  return new FreteError(code, { status, message })
}

/**
 * A text for the shopper, whatever failed: a FreteError, a network error, or a plain
 * `{ message }` (what a Next.js server action can return of an error).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof FreteError) return error.message
  if (error && typeof error === "object" && !(error instanceof Error)) {
    const message = (error as { message?: unknown }).message
    return typeof message === "string" && message.trim() ? message : MESSAGES.unknown
  }
  if (error instanceof TypeError) return MESSAGES.network
  if (error instanceof Error && error.message && !/^(fetch failed|Failed to fetch|NetworkError|Load failed)/i.test(error.message)) {
    return error.message
  }
  return error instanceof Error ? MESSAGES.network : MESSAGES.unknown
}
