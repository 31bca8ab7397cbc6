export type ServiceName = "freight" | "tracking"

export interface ErrorDetails {
  service: ServiceName
  status?: number
  erroId?: number
  serviceMessage?: string
}

/** Base of every failure to talk to one of the two services; messages are redacted where they are built, so safe to log. */
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

/** A failure on the wire: `outcomeUnknown` is false only when the request never reached a socket (nothing left the process). */
abstract class WireError extends FreteServiceError {
  readonly outcomeUnknown: boolean

  constructor(message: string, details: ErrorDetails & { outcomeUnknown: boolean }) {
    super(message, details)
    this.outcomeUnknown = details.outcomeUnknown
  }
}

/** The call's deadline passed. */
export class TimeoutError extends WireError {}

/** A deadline spent in the plugin's own waiting (a slow Medusa, a late start, a full pool): the circuit breaker counts it neither way. */
export abstract class OwnWaitTimeoutError extends TimeoutError {}

/** The deadline passed while the request waited for one of the transport's sockets, all busy: nothing was sent (`outcomeUnknown` false). */
export class QueuedTooLongError extends OwnWaitTimeoutError {}

/** Sent, but with less than half of the configured timeout left on the wire: a healthy service may take that long. */
export class LateStartTimeoutError extends OwnWaitTimeoutError {}

/** So little was left of the deadline that the call was not made (`outcomeUnknown` false). */
export class NoTimeLeftError extends OwnWaitTimeoutError {}

/** Refused, reset, closed before an answer. */
export class NetworkError extends WireError {}

/** An answer that is not JSON, too large, or not of the documented shape. */
export class InvalidAnswerError extends FreteServiceError {}

export type RejectionClass = new (message: string, details: ErrorDetails) => FreteServiceError

/** How a service names a refusal (a 4xx but 401, 403, 429, or an answer that refuses): its error class by `erro_id`, and what was refused. */
export type ServiceRejection = (erroId: number | undefined) => { ErrorClass: RejectionClass; refused: string }

export const serviceLabel = (service: ServiceName): string => (service === "freight" ? "Freight API" : "Tracking API")
