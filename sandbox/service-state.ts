/** What the two services remember between calls; reset() puts it back to the start. */
import type { TrackingOrderStore } from "./tracking"
import type { SandboxConfig } from "./types"

export interface ServiceState {
  config: SandboxConfig
  /** Quotes answered 200 since the start or the last reset; the query limit counts these. */
  queriesAnswered: number
  orders: TrackingOrderStore
}

/** The parts of an HTTP request the services look at; headers other than Authorization are ignored. */
export interface ServiceRequest {
  method: string
  searchParams: URLSearchParams
  authorization: string | undefined
  rawBody: string
}
