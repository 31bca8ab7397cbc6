import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { FreightClient } from "../../lib/freight/client"
import { TrackingClient } from "../../lib/tracking/client"
import type { FreteLogger } from "../../lib/utils/logger"
import type { Credentials } from "./credentials"

type Entry<C> = { key: string; client: C }
export type InForce = { url?: string; secret?: string }
export type Timing = { timeoutMs: number; connections: number }

/** The entry for `settings`: the one kept when they are the same, else a new client (the old one closed once its requests finish). */
function reuse<C extends { close(): Promise<void> }>(entry: Entry<C> | undefined, settings: object, create: () => C): Entry<C> {
  const key = JSON.stringify(settings)
  if (entry?.key === key) return entry
  void entry?.client.close()
  return { key, client: create() }
}

/** One client, hence one connection pool, per service for the whole process, replaced when its URL, secret or timing changes; null without URL or secret. */
export class ServiceClients {
  private freight_?: Entry<FreightClient>
  private tracking_?: Entry<TrackingClient>

  constructor(private readonly logger?: FreteLogger) {}

  freight({ url, secret }: InForce, { timeoutMs, connections }: Timing): FreightClient | null {
    if (!url || !secret) return null
    const settings = { url, token: secret, timeoutMs, connections }
    return (this.freight_ = reuse(this.freight_, settings, () => new FreightClient({ ...settings, logger: this.logger }))).client
  }

  tracking({ url, secret }: InForce, { timeoutMs, connections }: Timing): TrackingClient | null {
    if (!url || !secret) return null
    const settings = { url, credential: secret, timeoutMs, connections }
    return (this.tracking_ = reuse(this.tracking_, settings, () => new TrackingClient({ ...settings, logger: this.logger }))).client
  }

  async close(): Promise<void> {
    await Promise.all([this.freight_?.client.close(), this.tracking_?.client.close()])
    this.freight_ = this.tracking_ = undefined
  }
}

export class FreteConnections {
  readonly clients: ServiceClients

  constructor(private readonly options: () => FreteOptions, private readonly credentials: () => Credentials, logger: Logger) {
    this.clients = new ServiceClients(logger)
  }

  freight(): FreightClient | null {
    return this.clients.freight(this.credentials().freight, this.options().freight)
  }

  tracking(): TrackingClient | null {
    return this.clients.tracking(this.credentials().tracking, this.options().tracking)
  }

  close(): Promise<void> {
    return this.clients.close()
  }
}
