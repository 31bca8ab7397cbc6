/**
 * The log of calls to both services, which tests assert on. Only the path is kept (never the
 * query string, where the freight token travels) and no header at all; bodies are scrubbed of
 * the secrets in case a client put one there.
 */
import { redactSecrets } from "./secrets"
import type { SandboxCall, SandboxFaultMode, SandboxService } from "./types"

export interface CallStart {
  service: SandboxService
  method: string
  path: string
  authorized: boolean
  body: unknown
  fault: SandboxFaultMode | null
}

/** A call in progress; hung calls are never finished and keep status and duration null. */
export interface CallRecord {
  finish(status: number | null, response: unknown): void
}

export class CallLog {
  private entries: SandboxCall[] = []
  private nextSeq = 1

  /** `secrets` is read at every call, since configure() can change the token and the credential. */
  constructor(private readonly secrets: () => readonly string[]) {}

  start(call: CallStart): CallRecord {
    const startedAt = performance.now()
    const entry: SandboxCall = {
      seq: this.nextSeq++,
      service: call.service,
      method: call.method,
      path: call.path,
      at: new Date().toISOString(),
      status: null,
      authorized: call.authorized,
      body: redactSecrets(call.body, this.secrets()),
      response: null,
      fault: call.fault,
      durationMs: null,
    }
    this.entries.push(entry)
    return {
      finish: (status, response) => {
        entry.status = status
        entry.response = redactSecrets(response, this.secrets())
        entry.durationMs = Math.round(performance.now() - startedAt)
      },
    }
  }

  list(filter?: { service?: SandboxService }): SandboxCall[] {
    const service = filter?.service
    return structuredClone(service ? this.entries.filter((entry) => entry.service === service) : this.entries)
  }

  /** Forgets the calls but keeps numbering, so a poller never sees a seq twice. */
  clear(): void {
    this.entries = []
  }

  reset(): void {
    this.entries = []
    this.nextSeq = 1
  }
}
