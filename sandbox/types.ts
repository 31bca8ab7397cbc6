/**
 * The public types of the sandbox. Tests, the demo and the bench are written against these names:
 * change them only together with every caller.
 */

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number
  /** Interface to listen on; "127.0.0.1" by default. */
  host?: string
  /** Token the freight service expects in `?token=`; "sandbox-freight-token" by default. */
  freightToken?: string
  /** Text expected after "Basic " in the tracking service's Authorization header. */
  trackingCredential?: string
  /** Quotes answered 200 before every further quote is answered 429; null (default) is no limit. */
  queryLimit?: number | null
  /** Milliseconds added before every answer of both services; 0 by default. */
  latencyMs?: number
  /** When true, a second quotation shares the servico_metaname "jadlog-package" (freight auction). */
  auction?: boolean
}

export type SandboxService = "freight" | "tracking"

export type SandboxFault =
  | { mode: "latency"; ms: number; times?: number }
  | { mode: "hang"; times?: number }
  | { mode: "reset"; times?: number }
  | { mode: "status"; status: number; times?: number }
  | { mode: "html"; status?: number; times?: number }
  | { mode: "malformed-json"; times?: number }
  | { mode: "wrong-shape"; times?: number }
  | { mode: "empty-quotes"; times?: number }
  | { mode: "broken-quotation"; times?: number }
  /** Tracking only: the order refused with this `Message`, as the service words a refusal (400 by default). */
  | { mode: "refuse"; message: string; status?: number; times?: number }
  /** Tracking only: the order created as usual, then `status` (500 by default) answered, as a crash after the write. */
  | { mode: "fail-after-create"; status?: number; times?: number }

export type SandboxFaultMode = SandboxFault["mode"]

export interface SandboxCall {
  seq: number
  service: SandboxService
  method: string
  /** The path without its query string, so the freight token never reaches the log. */
  path: string
  at: string
  /** null when the socket was reset or the request hung. */
  status: number | null
  authorized: boolean
  /** The parsed JSON request body, the raw text when it is not JSON, null when empty. */
  body: unknown
  /** The parsed JSON answer, or null when there was none or it was not JSON. */
  response: unknown
  fault: SandboxFaultMode | null
  durationMs: number | null
}

export interface StoredTrackingOrder {
  id: string
  receivedAt: string
  order: Record<string, unknown>
}

export interface SandboxStats {
  openSockets: number
  maxOpenSockets: number
  queriesAnswered: number
}

export type SandboxConfig = Required<Omit<SandboxOptions, "port" | "host">>

export type SandboxConfigPatch = Partial<Omit<SandboxOptions, "port" | "host">>

export interface Sandbox {
  /** "http://127.0.0.1:PORT": freight at `${url}/v2/consulta`, tracking at `${url}/v1/tracking`. */
  url: string
  port: number
  calls(filter?: { service?: SandboxService }): SandboxCall[]
  clearCalls(): void
  setFault(service: SandboxService, fault: SandboxFault | null): void
  /** Answers at once every call of the service a latency fault is delaying now. */
  release(service: SandboxService): void
  configure(patch: SandboxConfigPatch): void
  /** Calls, faults, quota counter, stored orders, stats' maximum and config back to the start. */
  reset(): void
  trackingOrders(): StoredTrackingOrder[]
  stats(): SandboxStats
  /** Ends hung requests and open sockets, then stops listening. */
  close(): Promise<void>
}
