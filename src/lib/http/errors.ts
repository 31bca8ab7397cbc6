export type ServiceName = "freight" | "tracking"

export type ErrorDetails = { service: ServiceName; status?: number; erroId?: number; serviceMessage?: string }

// Messages are redacted where they are built: safe to log.
export abstract class FreteServiceError extends Error {
  declare readonly service: ServiceName
  declare readonly status?: number
  declare readonly erroId?: number
  declare readonly serviceMessage?: string

  constructor(message: string, details: ErrorDetails) {
    super(message)
    this.name = new.target.name
    Object.assign(this, details)
  }
}

export class InvalidCredentialsError extends FreteServiceError {}
export class QuotaExceededError extends FreteServiceError {}
export class ServerError extends FreteServiceError {}

/** `outcomeUnknown` is false only when nothing of the request left the process. */
abstract class WireError extends FreteServiceError {
  declare readonly outcomeUnknown: boolean

  constructor(message: string, details: ErrorDetails & { outcomeUnknown: boolean }) {
    super(message, details)
  }
}

export class TimeoutError extends WireError {}
// A deadline spent in the plugin's own waiting (a slow Medusa, a full pool): the breaker counts it neither way.
export abstract class OwnWaitTimeoutError extends TimeoutError {}
export class QueuedTooLongError extends OwnWaitTimeoutError {}
export class LateStartTimeoutError extends OwnWaitTimeoutError {}
export class NoTimeLeftError extends OwnWaitTimeoutError {}
export class NetworkError extends WireError {}
export class InvalidAnswerError extends FreteServiceError {}

export type RejectionClass = new (message: string, details: ErrorDetails) => FreteServiceError

// A service's refusal (a 4xx but 401, 403, 429, or an answer that refuses): its error class by `erro_id`.
export type ServiceRejection = (erroId: number | undefined) => { ErrorClass: RejectionClass; refused: string }

export const serviceLabel = (service: ServiceName): string => (service === "freight" ? "Freight API" : "Tracking API")
