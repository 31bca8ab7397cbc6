import type { FreteOptions } from "../../../medusa-plugin.config"
import { FreightClient } from "../../lib/freight/client"
import { TrackingClient } from "../../lib/tracking/client"
import type { FreteLogger } from "../../lib/utils/logger"
import type { Credentials } from "./credentials"

type Entry<C> = { key: string; client: C }
export type InForce = { url?: string; secret?: string }
export type Timing = { timeoutMs: number; connections: number }

/**
 * The entry for `settings`: the one kept when they are the same, else a new client (the old one closed once its
 * requests finish).
 */
function reuse<C extends { close(): Promise<void> }>(
  entry: Entry<C> | undefined,
  settings: object,
  create: () => C
): Entry<C> {
  const key = JSON.stringify(settings)
  if (entry?.key === key) return entry
  void entry?.client.close()
  return { key, client: create() }
}

/**
 * One client, hence one connection pool, per service for the whole process, replaced when its URL, secret or timing
 * changes; null without URL or secret.
 */
export class ServiceClients {
  private freight_?: Entry<FreightClient>
  private tracking_?: Entry<TrackingClient>

  /**
   * `inForce`: the URLs and secrets the settings hold now, with the options' timing; `freight()`/`tracking()` then need
   * no arguments.
   */
  constructor(
    private readonly logger?: FreteLogger,
    private readonly inForce?: () => { options: FreteOptions; credentials: Credentials }
  ) {}

  freight(
    { url, secret }: InForce = this.current("freight"),
    { timeoutMs, connections }: Timing = this.timing("freight")
  ): FreightClient | null {
    if (!url || !secret) return null
    const settings = { url, token: secret, timeoutMs, connections }
    return (this.freight_ = reuse(
      this.freight_,
      settings,
      () => new FreightClient({ ...settings, logger: this.logger })
    )).client
  }

  tracking(
    { url, secret }: InForce = this.current("tracking"),
    { timeoutMs, connections }: Timing = this.timing("tracking")
  ): TrackingClient | null {
    if (!url || !secret) return null
    const settings = { url, credential: secret, timeoutMs, connections }
    return (this.tracking_ = reuse(
      this.tracking_,
      settings,
      () => new TrackingClient({ ...settings, logger: this.logger })
    )).client
  }

  async close(): Promise<void> {
    await Promise.all([this.freight_?.client.close(), this.tracking_?.client.close()])
    this.freight_ = this.tracking_ = undefined
  }

  private current(service: "freight" | "tracking"): InForce {
    return this.inForce?.().credentials[service] ?? {}
  }

  private timing(service: "freight" | "tracking"): Timing {
    return this.inForce?.().options[service] ?? { timeoutMs: 0, connections: 0 }
  }
}
