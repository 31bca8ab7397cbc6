/**
 * Steers a sandbox over its control API, for a process that did not start it (a demo, a bench).
 * Same method names as Sandbox, async; a refused request throws with the sandbox's message.
 */
import type {
  SandboxCall,
  SandboxConfigPatch,
  SandboxFault,
  SandboxService,
  SandboxStats,
  StoredTrackingOrder,
} from "./types"

export class SandboxControl {
  private readonly baseUrl: string

  /** `url` is the sandbox's own URL, e.g. "http://127.0.0.1:4010". */
  constructor(url: string) {
    this.baseUrl = `${url.replace(/\/+$/, "")}/__sandbox`
  }

  calls(filter?: { service?: SandboxService }): Promise<SandboxCall[]> {
    const query = filter?.service ? `?service=${encodeURIComponent(filter.service)}` : ""
    return this.request<SandboxCall[]>("GET", `/calls${query}`)
  }

  async clearCalls(): Promise<void> {
    await this.request("DELETE", "/calls")
  }

  async setFault(service: SandboxService, fault: SandboxFault | null): Promise<void> {
    await this.request("PUT", `/faults/${encodeURIComponent(service)}`, fault)
  }

  async release(service: SandboxService): Promise<void> {
    await this.request("POST", `/faults/${encodeURIComponent(service)}/release`)
  }

  async configure(patch: SandboxConfigPatch): Promise<void> {
    await this.request("PATCH", "/config", patch)
  }

  async reset(): Promise<void> {
    await this.request("POST", "/reset")
  }

  trackingOrders(): Promise<StoredTrackingOrder[]> {
    return this.request<StoredTrackingOrder[]>("GET", "/tracking-orders")
  }

  stats(): Promise<SandboxStats> {
    return this.request<SandboxStats>("GET", "/stats")
  }

  /** `body` undefined sends no body; null is sent as JSON null (clearing a fault). */
  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const payload: unknown = await response.json()
    if (!response.ok) {
      const message = (payload as { error?: unknown } | null)?.error
      throw new Error(
        `Sandbox control ${method} ${path} failed (${response.status}): ${String(message ?? "no message")}`
      )
    }
    return payload as T
  }
}
