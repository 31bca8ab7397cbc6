import type { Dispatcher } from "undici"
import { startDeadline } from "../http/deadline"
import { traced } from "../utils/traced"
import { ServiceTransport } from "../http/service-transport"
import type { FreteLogger } from "../utils/logger"
import { InvalidTrackingOrderError, trackingRejection } from "./errors"
import {
  trackingAnswerWireSchema,
  trackingOrderSchema,
  trackingRefusalWireSchema,
  type TrackingOrder,
  type TrackingResult,
} from "./schemas"

type TrackingClientOptions = {
  url: string
  /** Sent as `Authorization: Basic <credential>`. */
  credential: string
  timeoutMs: number
  connections: number
  logger?: FreteLogger
  dispatcher?: Dispatcher
}

const TRACKING_PATH = "/v1/tracking"

/** `POST {url}/v1/tracking`. Creating a tracking order is not idempotent: this client never retries. */
export class TrackingClient {
  private readonly transport: ServiceTransport
  private readonly headers: Record<string, string>

  constructor(private readonly options: TrackingClientOptions) {
    const { url, credential, ...rest } = options
    this.transport = new ServiceTransport({
      service: "tracking",
      baseUrl: url,
      secrets: [credential],
      rejection: trackingRejection,
      ...rest,
    })
    this.headers = { authorization: `Basic ${credential}` }
  }

  async createTrackingOrder(order: TrackingOrder, signal?: AbortSignal): Promise<TrackingResult> {
    const checked = trackingOrderSchema.safeParse(order)
    if (!checked.success)
      throw new InvalidTrackingOrderError(
        checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)
      )
    return traced("frete.tracking.create", {}, () =>
      this.transport.request(
        {
          method: "POST",
          path: TRACKING_PATH,
          headers: this.headers,
          json: checked.data,
          deadline: startDeadline(this.options.timeoutMs, signal),
        },
        { schema: trackingAnswerWireSchema, refusal: trackingRefusalWireSchema }
      )
    )
  }

  /** A GET, which the document does not define: 401/403 is a refused credential, another status below 500 the value. */
  probe(signal?: AbortSignal): Promise<number> {
    return this.transport.request(
      {
        method: "GET",
        path: TRACKING_PATH,
        headers: this.headers,
        deadline: startDeadline(this.options.timeoutMs, signal),
      },
      { statusOnly: true, answers: (status) => status < 500 && status !== 401 && status !== 403 }
    )
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}
