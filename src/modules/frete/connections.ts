import type { FreteOptions } from "../../../medusa-plugin.config"
import { FreightClient } from "../../lib/freight/client"
import { TrackingClient } from "../../lib/tracking/client"
import type { FreteLogger } from "../../lib/utils/logger"
import type { Credentials } from "./credentials"

export type InForce = { url?: string; secret?: string }
export type Timing = { timeoutMs: number; connections: number }
type Clients = { freight: FreightClient; tracking: TrackingClient }
type Service = keyof Clients

const create = (service: Service, url: string, secret: string, timing: Timing, logger?: FreteLogger) =>
  service === "freight"
    ? new FreightClient({ url, token: secret, ...timing, logger })
    : new TrackingClient({ url, credential: secret, ...timing, logger })

// One client, hence one connection pool, per service for the whole process, replaced (the old one closed once its
// requests finish) when its URL, secret or timing changes; null without URL or secret.
export class ServiceClients {
  private kept: Partial<Record<Service, { key: string; client: FreightClient | TrackingClient }>> = {}

  /** `inForce`: the URLs and secrets the settings hold now, with the options' timing, for calls without arguments. */
  constructor(
    private readonly logger?: FreteLogger,
    private readonly inForce?: () => { options: FreteOptions; credentials: Credentials }
  ) {}

  freight(inForce?: InForce, timing?: Timing): FreightClient | null {
    return this.client("freight", inForce, timing)
  }

  tracking(inForce?: InForce, timing?: Timing): TrackingClient | null {
    return this.client("tracking", inForce, timing)
  }

  async close(): Promise<void> {
    const kept = Object.values(this.kept)
    this.kept = {}
    await Promise.all(kept.map((entry) => entry.client.close()))
  }

  private client<S extends Service>(
    service: S,
    { url, secret }: InForce = this.inForce?.().credentials[service] ?? {},
    { timeoutMs, connections }: Timing = this.inForce?.().options[service] ?? { timeoutMs: 0, connections: 0 }
  ): Clients[S] | null {
    if (!url || !secret) return null
    const key = JSON.stringify([url, secret, timeoutMs, connections])
    let entry = this.kept[service]
    if (entry?.key !== key) {
      void entry?.client.close()
      entry = this.kept[service] = {
        key,
        client: create(service, url, secret, { timeoutMs, connections }, this.logger),
      }
    }
    return entry.client as Clients[S]
  }
}
