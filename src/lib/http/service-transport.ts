import { context, createContextKey, SpanKind, type Attributes, type Span } from "@opentelemetry/api"
import { Client, DecoratorHandler, Pool, type Dispatcher } from "undici"
import {
  InvalidAnswerError,
  LateStartTimeoutError,
  NetworkError,
  QueuedTooLongError,
  serviceLabel,
  TimeoutError,
  type ServiceName,
  type ServiceRejection,
} from "./errors"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { redact } from "../security/redact"
import { traced } from "../utils/traced"
import type { Deadline } from "./deadline"
import { readAnswer, type BodyAnswer, type StatusAnswer, type WireAnswer } from "./read-answer"

interface TransportConfig {
  service: ServiceName
  baseUrl: string // may have a path prefix ("https://host/api")
  connections: number
  timeoutMs: number // bounds connect, headers and body; the call's deadline usually ends it first
  secrets: ReadonlyArray<string | undefined>
  rejection: ServiceRejection
  logger?: FreteLogger
  dispatcher?: Dispatcher // instead of the own pool (undici's MockAgent in unit tests)
  maxBodyBytes?: number // 1 MiB
}

type TransportRequest = {
  method: "GET" | "POST"
  path: string
  query?: Record<string, string>
  headers?: Record<string, string>
  json?: unknown
  deadline: Deadline
}

type RequestProgress = { sent: boolean; sentAt?: number }

// @opentelemetry/core's suppressTracing key (a Symbol.for, the same in every version): no core of the plugin's own.
const SUPPRESS_TRACING = createContextKey("OpenTelemetry SDK Context Key SUPPRESS_TRACING")

// undici's instrumentation would export each request's URL (the freight token) and headers (the tracking credential).
// Here, not in an interceptor: a pool dispatches a queued request later, outside its caller's context.
class UntracedClient extends Client {
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const untraced = context.active().setValue(SUPPRESS_TRACING, true)
    return context.with(untraced, () => super.dispatch(options, handler))
  }
}

const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
])

const errorCode = (error: unknown): string | undefined =>
  [(error as { code?: unknown } | null)?.code, (error as { cause?: { code?: unknown } } | null)?.cause?.code].find(
    (code): code is string => typeof code === "string"
  )

// undici calls `onRequestStart` right before it writes: the request's own record of whether it left the process.
const sendTracking =
  (progress: RequestProgress): Dispatcher.DispatcherComposeInterceptor =>
  (dispatch) =>
  (options, handler) => {
    const tracked: Dispatcher.DispatchHandler = new DecoratorHandler(handler)
    tracked.onRequestStart = (controller, context) => {
      handler.onRequestStart?.(controller, context)
      // A request whose deadline passed while it was queued is aborted here, before any write.
      if (!controller.aborted) Object.assign(progress, { sent: true, sentAt: performance.now() })
    }
    return dispatch(options, tracked)
  }

// undici keeps a request queued for a socket past its deadline (aborted unsent once it gets one): reject at once.
const untilAborted = (pending: Promise<Dispatcher.ResponseData>, signal: AbortSignal) =>
  new Promise<Dispatcher.ResponseData>((resolve, reject) => {
    const onAbort = () => {
      pending.then(
        (late) => late.body.destroy(),
        () => undefined
      )
      reject(signal.reason)
    }
    if (signal.aborted) return onAbort()
    signal.addEventListener("abort", onAbort, { once: true })
    pending.finally(() => signal.removeEventListener("abort", onAbort)).then(resolve, reject)
  })

// Asked after a deadline ran out, when aborted requests may have closed sockets: the moments are kept as they happen.
function watchPoolFullness(pool: Pool, connections: number) {
  let fullAt = -Infinity
  const note = (disconnected: number) => {
    if (pool.stats.connected + disconnected >= connections) fullAt = performance.now()
  }
  pool.on("connect", () => note(0))
  pool.on("disconnect", () => note(1))
  return {
    observe: () => note(0),
    wasFullSince: (since: number) => {
      note(0)
      return fullAt >= since
    },
  }
}

export class ServiceTransport {
  private readonly base: Dispatcher
  private readonly origin: string
  private readonly basePath: string
  private readonly logger: FreteLogger
  private readonly maxBodyBytes: number
  private readonly server: Attributes
  private readonly fullness: ReturnType<typeof watchPoolFullness> | null

  constructor(private readonly config: TransportConfig) {
    const url = new URL(config.baseUrl)
    this.origin = url.origin
    this.basePath = url.pathname.replace(/\/+$/, "")
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80))
    this.server = { "server.address": url.hostname, "server.port": port }
    this.logger = config.logger ?? silentLogger
    this.maxBodyBytes = config.maxBodyBytes ?? 1024 * 1024
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
        maxResponseSize: this.maxBodyBytes,
        factory: (origin, options) => new UntracedClient(origin, options),
      })
    this.fullness = this.base instanceof Pool ? watchPoolFullness(this.base, config.connections) : null
  }

  request<T>(request: TransportRequest, answer: BodyAnswer<T>): Promise<T>
  request(request: TransportRequest, answer: StatusAnswer): Promise<number>
  request<T>(request: TransportRequest, answer: BodyAnswer<T> | StatusAnswer): Promise<T | number> {
    const url = redact(`${this.origin}${this.pathOf(request)}`, this.config.secrets)
    const attributes = { ...this.server, "http.request.method": request.method, "url.full": url }
    const send = (span: Span) => this.send(request, answer, span)
    return traced(`${request.method} ${request.path}`, attributes, send, SpanKind.CLIENT)
  }

  async close(): Promise<void> {
    if (!this.config.dispatcher) await this.base.close()
  }

  private async send<T>(request: TransportRequest, answer: BodyAnswer<T> | StatusAnswer, span: Span) {
    const started = Date.now()
    const what = redact(`${request.method} ${this.pathOf(request)}`, this.config.secrets)
    const headers: Record<string, string> = { accept: "application/json", ...request.headers }
    const body = request.json === undefined ? undefined : JSON.stringify(request.json)
    if (body !== undefined) headers["content-type"] = "application/json; charset=utf-8"
    const options = {
      origin: this.origin,
      path: this.pathOf(request),
      method: request.method,
      headers,
      body,
      signal: request.deadline.signal,
    }
    const progress: RequestProgress = { sent: false }
    const queuedAt = performance.now()
    this.fullness?.observe()
    let wire: WireAnswer
    try {
      const sent = await untilAborted(this.base.compose(sendTracking(progress)).request(options), options.signal)
      const contentType = String(sent.headers["content-type"] ?? "")
      wire = { status: sent.statusCode, contentType, text: await sent.body.text() }
    } catch (error) {
      const failure = this.toError(error, request.deadline, what, progress, queuedAt)
      const ms = Date.now() - started
      this.logger.debug(`frete ${this.config.service}: ${what} failed in ${ms} ms: ${failure.message}`)
      throw failure
    }
    span.setAttribute("http.response.status_code", wire.status)
    // Debug only: a line per shopper would bury an outage, which the breaker and the quoter log once each.
    this.logger.debug(`frete ${this.config.service}: ${what} -> ${wire.status} in ${Date.now() - started} ms`)
    return readAnswer(wire, answer, this.config)
  }

  private pathOf(request: Pick<TransportRequest, "path" | "query">): string {
    return `${this.basePath}${request.path}${request.query ? `?${new URLSearchParams(request.query).toString()}` : ""}`
  }

  // Whose time a deadline was spent on: a wait through which the pool never filled was the service's.
  private toError(error: unknown, deadline: Deadline, what: string, progress: RequestProgress, queuedAt: number) {
    const service = this.config.service
    const label = serviceLabel(service)
    const code = errorCode(error)
    if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE")
      return new InvalidAnswerError(`${label} answered more than ${this.maxBodyBytes} bytes to ${what}`, { service })
    const deadlinePassed = deadline.expired()
    const timedOut = deadlinePassed || /^UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT$/.test(code ?? "")
    const reason = redact(error instanceof Error ? error.message : String(error), this.config.secrets)
    const outcomeUnknown = progress.sent && (!code || !NOT_SENT_CODES.has(code))
    if (!timedOut)
      return new NetworkError(`${label} connection failed for ${what}: ${code ?? reason}`, { service, outcomeUnknown })
    // A connect refused or timed out is the service's (or its network's), however the deadline went.
    const ownWait = deadlinePassed && !(code && NOT_SENT_CODES.has(code))
    if (ownWait && !progress.sent && this.fullness?.wasFullSince(queuedAt)) {
      return new QueuedTooLongError(
        `${what} waited for a free connection to the ${label} past its deadline; it was not sent`,
        { service, outcomeUnknown: false }
      )
    }
    const onWireMs = progress.sentAt === undefined ? 0 : performance.now() - progress.sentAt
    if (ownWait && progress.sent && onWireMs < this.config.timeoutMs / 2) {
      return new LateStartTimeoutError(
        `${label} did not answer ${what} in the ${Math.round(onWireMs)} ms its deadline left it (${reason})`,
        { service, outcomeUnknown: true }
      )
    }
    return new TimeoutError(`${label} did not answer ${what} in time (${reason})`, { service, outcomeUnknown })
  }
}
