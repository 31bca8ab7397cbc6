import type { Dispatcher } from "undici"
import { errorFromResponse, InvalidAnswerError, TrackingRejectedError } from "../http/errors"
import { startDeadline } from "../http/deadline"
import { ServiceTransport, type TransportResponse } from "../http/service-transport"
import type { FreteLogger } from "../utils/logger"
import { redact } from "../security/redact"
import { trackingAnswerWireSchema, trackingOrderSchema, type TrackingOrder, type TrackingResult } from "./schemas"

export interface TrackingClientOptions {
  url: string
  /** The Basic credential, sent as `Authorization: Basic <credential>`. */
  credential: string
  timeoutMs: number
  connections: number
  logger?: FreteLogger
  dispatcher?: Dispatcher
}

/** No tracking URL or credential, in the options or the admin: nothing can be sent. */
export class TrackingNotConfiguredError extends Error {
  constructor() {
    super("the tracking API is not configured (tracking.url and tracking.credential)")
    this.name = "TrackingNotConfiguredError"
  }
}

/** A tracking order that the plugin itself built wrong: never sent. */
export class InvalidTrackingOrderError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid tracking order: ${issues.join("; ")}`)
    this.name = "InvalidTrackingOrderError"
  }
}

const TRACKING_PATH = "/v1/tracking"

/**
 * Client of the tracking API (`POST {url}/v1/tracking`). Creating a tracking order is not
 * idempotent, so this client never retries: delivery is retried, durably and with care for
 * answers that were lost, by the caller.
 */
export class TrackingClient {
  private readonly transport: ServiceTransport

  constructor(private readonly options: TrackingClientOptions) {
    this.transport = new ServiceTransport({
      service: "tracking",
      baseUrl: options.url,
      connections: options.connections,
      timeoutMs: options.timeoutMs,
      secrets: [options.credential],
      logger: options.logger,
      dispatcher: options.dispatcher,
    })
  }

  async createTrackingOrder(order: TrackingOrder, signal?: AbortSignal): Promise<TrackingResult> {
    const checked = trackingOrderSchema.safeParse(order)
    if (!checked.success) {
      throw new InvalidTrackingOrderError(checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`))
    }
    return this.sendOrder(checked.data, signal)
  }

  private async sendOrder(body: unknown, signal?: AbortSignal): Promise<TrackingResult> {
    const response = await this.transport.send({
      method: "POST",
      path: TRACKING_PATH,
      headers: this.authorization(),
      json: body,
      deadline: startDeadline(this.options.timeoutMs, signal),
    })
    if (response.status !== 200) {
      throw errorFromResponse("tracking", response.status, response.text, [this.options.credential])
    }
    return this.parseAnswer(response)
  }

  /**
   * Whether the service answers, without creating anything: a GET on the tracking path, which
   * the document does not define. A 401 or 403 says the credential is refused; any other status
   * only that the service is there.
   */
  async probe(signal?: AbortSignal): Promise<TransportResponse> {
    return this.transport.send({
      method: "GET",
      path: TRACKING_PATH,
      headers: this.authorization(),
      deadline: startDeadline(this.options.timeoutMs, signal),
      // Any answer but a refusal of the credential (401, 403) or a failure (5xx) passes the check.
      expects: (status) => status < 500 && status !== 401 && status !== 403,
    })
  }

  close(): Promise<void> {
    return this.transport.close()
  }

  private authorization(): Record<string, string> {
    return { authorization: `Basic ${this.options.credential}` }
  }

  private parseAnswer(response: TransportResponse): TrackingResult {
    let json: unknown
    try {
      json = JSON.parse(response.text)
    } catch {
      throw new InvalidAnswerError(`Tracking API answered text that is not JSON with HTTP ${response.status}`, {
        service: "tracking",
        status: response.status,
      })
    }
    const parsed = trackingAnswerWireSchema.safeParse(json)
    if (!parsed.success) {
      throw new InvalidAnswerError("Tracking API answer does not match the documented shape (Id, Success, Message)", {
        service: "tracking",
        status: response.status,
      })
    }
    const message = parsed.data.Message ? redact(parsed.data.Message, [this.options.credential]).slice(0, 300) : null
    if (!parsed.data.Success) {
      throw new TrackingRejectedError(`Tracking API refused the tracking order (HTTP 200, Success false${message ? `: ${message}` : ""})`, {
        service: "tracking",
        status: response.status,
        serviceMessage: message ?? undefined,
      })
    }
    if (!parsed.data.Id) {
      throw new InvalidAnswerError("Tracking API reported success without an Id", { service: "tracking", status: response.status })
    }
    return { id: parsed.data.Id, message }
  }
}
