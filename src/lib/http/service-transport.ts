import { Pool, type Dispatcher } from "undici"
import { LateStartTimeoutError, NetworkError, QueuedTooLongError, serviceLabel, TimeoutError, type ServiceName, type ServiceRejection } from "./errors"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { redact } from "../security/redact"
import type { Deadline } from "./deadline"
import { isAnswer, readAnswer, type AnswerReading, type BodyAnswer, type StatusAnswer, type WireAnswer } from "./read-answer"
import { untilAborted, withSendTracking, type RequestProgress } from "./request-progress"
import { watchPoolFullness, type PoolFullness } from "./pool-fullness"

export interface TransportConfig {
  service: ServiceName
  /** Base URL of the service, maybe with a path prefix ("https://host/api"). */
  baseUrl: string
  /** Most sockets open to the service at once. */
  connections: number
  /** Upper bound of connect, headers and body time; the call's deadline usually ends it first. */
  timeoutMs: number
  /** Values to remove from every message and log line this transport builds. */
  secrets: ReadonlyArray<string | undefined>
  /** The service's own error class for a refusal it explains. */
  rejection: ServiceRejection
  logger?: FreteLogger
  /** Another dispatcher than the transport's own pool (undici's MockAgent in unit tests). */
  dispatcher?: Dispatcher
  /** Answers larger than this are refused as invalid. */
  maxBodyBytes?: number
}

export interface TransportRequest {
  method: "GET" | "POST"
  /** Path below the base URL, e.g. "/v2/consulta". */
  path: string
  query?: Record<string, string>
  headers?: Record<string, string>
  json?: unknown
  deadline: Deadline
}

const MAX_BODY_BYTES = 1024 * 1024
/** Errors raised before any byte of the request could reach the service. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
])

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code
  return typeof code === "string" ? code : typeof causeCode === "string" ? causeCode : undefined
}

/**
 * Every request to one service goes through here: one keep-alive pool with a bounded number of
 * sockets, a deadline per call, the whole answer read (or the socket destroyed) every time, wire
 * failures turned into typed errors here and answers into a value or a typed error by
 * `readAnswer`, with the credentials redacted.
 */
export class ServiceTransport {
  private readonly dispatcher: Dispatcher
  /** The pool (or injected dispatcher) itself, which `dispatcher` wraps to see what was sent. */
  private readonly base: Dispatcher
  private readonly track: (options: object) => RequestProgress
  private readonly ownsDispatcher: boolean
  private readonly origin: string
  private readonly basePath: string
  private readonly logger: FreteLogger
  private readonly reading: AnswerReading
  /** When the pool last filled; null for a dispatcher that is not a pool (a MockAgent), whose waits are never called the plugin's own. */
  private readonly fullness: PoolFullness | null

  constructor(private readonly config: TransportConfig) {
    const url = new URL(config.baseUrl)
    this.origin = url.origin
    this.basePath = url.pathname.replace(/\/+$/, "")
    this.logger = config.logger ?? silentLogger
    const { service, secrets, rejection } = config
    this.reading = { service, secrets, rejection, maxBodyBytes: config.maxBodyBytes ?? MAX_BODY_BYTES }
    this.ownsDispatcher = !config.dispatcher
    this.base =
      config.dispatcher ??
      new Pool(this.origin, {
        connections: config.connections,
        pipelining: 1,
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connect: { timeout: Math.min(config.timeoutMs, 10_000) },
        headersTimeout: config.timeoutMs,
        bodyTimeout: config.timeoutMs,
      })
    ;({ dispatcher: this.dispatcher, track: this.track } = withSendTracking(this.base))
    this.fullness = this.base instanceof Pool ? watchPoolFullness(this.base, config.connections) : null
  }

  /** The request's path and query as they may appear in a log line or an error. */
  describe(request: Pick<TransportRequest, "method" | "path" | "query">): string {
    return redact(`${request.method} ${this.pathOf(request)}`, this.config.secrets)
  }

  /** Sends `request`; the answer, as `answer` describes it, is the value, anything else a typed error. */
  request<T>(request: TransportRequest, answer: BodyAnswer<T>): Promise<T>
  request(request: TransportRequest, answer: StatusAnswer): Promise<number>
  async request<T>(request: TransportRequest, answer: BodyAnswer<T> | StatusAnswer): Promise<T | number> {
    const wire = await this.exchange(request, (status) => isAnswer(answer, status))
    return readAnswer(wire, answer, this.reading)
  }

  /** `expected`: the statuses logged at debug level; any other is a warning. */
  private async exchange(request: TransportRequest, expected: (status: number) => boolean): Promise<WireAnswer> {
    const started = Date.now()
    const what = this.describe(request)
    const headers: Record<string, string> = { accept: "application/json", ...request.headers }
    let body: string | undefined
    if (request.json !== undefined) {
      body = JSON.stringify(request.json)
      headers["content-type"] = "application/json; charset=utf-8"
    }
    const options = { origin: this.origin, path: this.pathOf(request), method: request.method, headers, body, signal: request.deadline.signal }
    const progress = this.track(options)
    const queuedAt = performance.now()
    this.fullness?.observe()
    try {
      const answer = await untilAborted(this.dispatcher.request(options), request.deadline.signal)
      const text = await this.readBody(answer.body, request.deadline)
      const contentType = String(answer.headers["content-type"] ?? "")
      const log = expected(answer.statusCode) ? this.logger.debug : this.logger.warn
      log.call(this.logger, `frete ${this.config.service}: ${what} -> ${answer.statusCode} in ${Date.now() - started} ms`)
      return { status: answer.statusCode, contentType, text }
    } catch (error) {
      const failure = this.toError(error, request.deadline, what, progress, queuedAt)
      this.logger.warn(`frete ${this.config.service}: ${what} failed in ${Date.now() - started} ms: ${failure.message}`)
      throw failure
    }
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) {
      await this.base.close()
    }
  }

  private pathOf(request: Pick<TransportRequest, "path" | "query">): string {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : ""
    return `${this.basePath}${request.path}${query}`
  }

  /** The body's text, or null when it grew past the bound (the rest is not read: the socket is dropped). */
  private async readBody(body: Dispatcher.ResponseData["body"], deadline: Deadline): Promise<string | null> {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      size += buffer.length
      if (size > this.reading.maxBodyBytes) {
        body.destroy()
        return null
      }
      chunks.push(buffer)
    }
    if (deadline.signal.aborted) {
      throw deadline.signal.reason
    }
    return Buffer.concat(chunks).toString("utf8")
  }

  /**
   * Whose time a deadline that ran out was spent on, for the circuit breaker (see OwnWaitTimeoutError):
   * - never sent, no connect error, and the pool full (every socket connected, so busy with
   *   other requests) at some moment of its wait: it waited in the plugin's own queue,
   *   QueuedTooLongError. A wait through which the pool never filled was for the service to
   *   accept a connection: the service's.
   * - sent, but on the wire for less than half of `timeoutMs`: the deadline went on a late
   *   arrival or a queue before it, and a healthy service may take that long, LateStartTimeoutError.
   * - otherwise the service had its fair share and did not answer: TimeoutError.
   * A request that never reached a socket cannot have been received (`outcomeUnknown` false).
   */
  private toError(error: unknown, deadline: Deadline, what: string, progress: RequestProgress, queuedAt: number) {
    const service = this.config.service
    const code = errorCode(error)
    const deadlinePassed = deadline.expired()
    const timedOut =
      deadlinePassed ||
      code === "UND_ERR_CONNECT_TIMEOUT" ||
      code === "UND_ERR_HEADERS_TIMEOUT" ||
      code === "UND_ERR_BODY_TIMEOUT"
    const reason = redact(error instanceof Error ? error.message : String(error), this.config.secrets)
    const outcomeUnknown = progress.sent && (!code || !NOT_SENT_CODES.has(code))
    if (!timedOut) {
      return new NetworkError(`${serviceLabel(service)} connection failed for ${what}: ${code ?? reason}`, {
        service,
        outcomeUnknown,
      })
    }
    // A connect refused or timed out is the service's (or its network's), however the deadline went.
    const ownWait = deadlinePassed && !(code && NOT_SENT_CODES.has(code))
    if (ownWait && !progress.sent && this.fullness?.wasFullSince(queuedAt)) {
      return new QueuedTooLongError(`${what} waited for a free connection to the ${serviceLabel(service)} past its deadline; it was not sent`, { service })
    }
    const onWireMs = progress.sentAt === undefined ? 0 : performance.now() - progress.sentAt
    if (ownWait && progress.sent && onWireMs < this.config.timeoutMs / 2) {
      return new LateStartTimeoutError(
        `${serviceLabel(service)} did not answer ${what} in the ${Math.round(onWireMs)} ms its deadline left it (${reason})`,
        { service }
      )
    }
    return new TimeoutError(`${serviceLabel(service)} did not answer ${what} in time (${reason})`, {
      service,
      outcomeUnknown,
    })
  }
}
