export type ServiceName = "freight" | "tracking"

export interface ErrorDetails {
  service: ServiceName
  status?: number
  erroId?: number
  serviceMessage?: string
}

/**
 * Base of every failure to talk to one of the two services. Messages and `serviceMessage` are
 * redacted where they are built (`readAnswer` for answers, the transport for wire failures), so
 * they are safe to log.
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
 * A deadline that ran out in the plugin's own waiting rather than at the service: for a slow
 * Medusa, a late start or a full connection pool, not for the service, so the circuit breaker
 * counts it neither way.
 */
export abstract class OwnWaitTimeoutError extends TimeoutError {}

/**
 * The deadline passed while the request waited for one of the transport's own sockets, every one
 * of them connected and busy with other requests: nothing was sent.
 */
export class QueuedTooLongError extends OwnWaitTimeoutError {
  constructor(message: string, details: ErrorDetails) {
    super(message, { ...details, outcomeUnknown: false })
  }
}

/**
 * Sent, then not answered by a deadline that left the service less than half of the configured
 * timeout on the wire (the request arrived late, or queued for a socket): it may have been
 * received, but a healthy service may well take that long.
 */
export class LateStartTimeoutError extends OwnWaitTimeoutError {
  constructor(message: string, details: ErrorDetails) {
    super(message, { ...details, outcomeUnknown: true })
  }
}

/** So little was left of the deadline that the call was not made at all: nothing was sent. */
export class NoTimeLeftError extends OwnWaitTimeoutError {
  constructor(message: string, details: ErrorDetails) {
    super(message, { ...details, outcomeUnknown: false })
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

/** A service's own class for the refusals it explains; `new` only in `readAnswer`. */
export type RejectionClass = new (message: string, details: ErrorDetails) => FreteServiceError

/**
 * How one service names a refusal (a 4xx but 401, 403 and 429, or a well-formed answer that
 * refuses): its error class by the answer's `erro_id`, and what the message says was refused.
 */
export type ServiceRejection = (erroId: number | undefined) => { ErrorClass: RejectionClass; refused: string }

const LABEL: Record<ServiceName, string> = { freight: "Freight API", tracking: "Tracking API" }

/** How messages and log lines name a service. */
export function serviceLabel(service: ServiceName): string {
  return LABEL[service]
}
