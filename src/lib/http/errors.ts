import { freightRejectionName, type FreightRejectionName } from "../freight/error-codes"
import { redact } from "../security/redact"

export type ServiceName = "freight" | "tracking"

interface ErrorDetails {
  service: ServiceName
  status?: number
  erroId?: number
  serviceMessage?: string
}

/**
 * Base of every failure to talk to one of the two services. Messages and `serviceMessage` are
 * redacted where they are built (see `serviceError`), so they are safe to log.
 */
export abstract class FreteServiceError extends Error {
  readonly service: ServiceName
  readonly status?: number
  readonly erroId?: number
  readonly serviceMessage?: string

  constructor(message: string, details: ErrorDetails) {
    super(message)
    this.name = new.target.name
    this.service = details.service
    this.status = details.status
    this.erroId = details.erroId
    this.serviceMessage = details.serviceMessage
  }
}

/** 401/403: the freight token (erro_id 1) or the tracking credential was refused. */
export class InvalidCredentialsError extends FreteServiceError {}

/** 429: the plan's query limit is reached (freight erro_id 2). */
export class QuotaExceededError extends FreteServiceError {}

/** 400 from the freight API: the query was refused; `errorName` is the document's name for it. */
export class FreightQueryRejectedError extends FreteServiceError {
  readonly errorName: FreightRejectionName

  constructor(message: string, details: ErrorDetails) {
    super(message, details)
    this.errorName = freightRejectionName(details.erroId)
  }
}

/** erro_id 101 / 102: a CEP that is not in the service's postal-code base. */
export class CepNotFoundError extends FreightQueryRejectedError {
  get which(): "origin" | "destination" {
    return this.erroId === 101 ? "origin" : "destination"
  }
}

/** A 4xx from the tracking API, or a 200 whose `Success` is false: the order was refused. */
export class TrackingRejectedError extends FreteServiceError {}

/** 5xx, or another status the document does not describe. */
export class ServerError extends FreteServiceError {}

/**
 * The call's deadline passed (connect, headers, body or the overall deadline). For the tracking
 * API the order may have been created all the same: `outcomeUnknown` says so. It is false only
 * when the request never reached a socket (still connecting, or queued for a free one): then
 * nothing left the process.
 */
export class TimeoutError extends FreteServiceError {
  readonly outcomeUnknown: boolean

  constructor(message: string, details: ErrorDetails & { outcomeUnknown: boolean }) {
    super(message, details)
    this.outcomeUnknown = details.outcomeUnknown
  }
}

/**
 * The connection failed: refused, reset, closed before an answer. `outcomeUnknown` is false when
 * the request never reached a socket (refused, name not resolved): nothing was sent.
 */
export class NetworkError extends FreteServiceError {
  readonly outcomeUnknown: boolean

  constructor(message: string, details: ErrorDetails & { outcomeUnknown: boolean }) {
    super(message, details)
    this.outcomeUnknown = details.outcomeUnknown
  }
}

/** An answer that is not JSON, too large, or not of the documented shape. */
export class InvalidAnswerError extends FreteServiceError {}

const LABEL: Record<ServiceName, string> = { freight: "Freight API", tracking: "Tracking API" }

interface ErrorBody {
  erroId?: number
  message?: string
}

/** Reads `erro_id` and `erro_mensagem` / `erro_msg` (freight) or `Message` (tracking), if any. */
function readErrorBody(text: string): ErrorBody {
  try {
    const body: unknown = JSON.parse(text)
    if (!body || typeof body !== "object") {
      return {}
    }
    const record = body as Record<string, unknown>
    const rawId = record.erro_id
    const erroId = typeof rawId === "number" ? rawId : typeof rawId === "string" && /^\d+$/.test(rawId) ? Number(rawId) : undefined
    const message = [record.erro_mensagem, record.erro_msg, record.Message, record.message].find(
      (value): value is string => typeof value === "string" && value.length > 0
    )
    return { erroId, message: message?.slice(0, 300) }
  } catch {
    return {}
  }
}

/**
 * The one place where an HTTP answer that is not a success becomes a typed error. Every text that
 * ends up in the error passes through `redact` with the service's secrets.
 */
export function errorFromResponse(
  service: ServiceName,
  status: number,
  bodyText: string,
  secrets: ReadonlyArray<string | undefined>
): FreteServiceError {
  const { erroId, message } = readErrorBody(bodyText)
  const serviceMessage = message === undefined ? undefined : redact(message, secrets)
  const details: ErrorDetails = { service, status, erroId, serviceMessage }
  const suffix = [erroId === undefined ? undefined : `erro_id ${erroId}`, serviceMessage].filter(Boolean).join(": ")
  const describe = (what: string) => `${LABEL[service]} ${what} (HTTP ${status}${suffix ? `, ${suffix}` : ""})`

  if (status === 401 || status === 403) {
    return new InvalidCredentialsError(describe(service === "freight" ? "refused the token" : "refused the credential"), details)
  }
  if (status === 429) {
    return new QuotaExceededError(describe("query limit reached"), details)
  }
  if (status >= 400 && status < 500) {
    if (service === "tracking") {
      return new TrackingRejectedError(describe("refused the tracking order"), details)
    }
    const name = freightRejectionName(erroId)
    const ErrorClass = erroId === 101 || erroId === 102 ? CepNotFoundError : FreightQueryRejectedError
    return new ErrorClass(describe(`refused the query: ${name}`), details)
  }
  return new ServerError(describe("failed"), details)
}
