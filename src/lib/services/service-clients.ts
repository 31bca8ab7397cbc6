import { FreightClient, type FreightClientOptions } from "../freight/client"
import { TrackingClient, type TrackingClientOptions } from "../tracking/client"

type Settings<T> = Omit<T, "logger" | "dispatcher">

function keyOf(settings: object): string {
  return JSON.stringify(settings)
}

/**
 * Keeps one client, hence one connection pool, per service for the whole process. A client is
 * replaced (and its pool closed once its requests finish) only when its settings change, e.g.
 * when the merchant saves a new token in the admin.
 */
export class ServiceClients {
  private freightEntry?: { key: string; client: FreightClient }
  private trackingEntry?: { key: string; client: TrackingClient }

  constructor(private readonly shared: Pick<FreightClientOptions, "logger" | "dispatcher"> = {}) {}

  freight(settings: Settings<FreightClientOptions>): FreightClient {
    const key = keyOf(settings)
    if (this.freightEntry?.key !== key) {
      void this.freightEntry?.client.close()
      this.freightEntry = { key, client: new FreightClient({ ...settings, ...this.shared }) }
    }
    return this.freightEntry.client
  }

  tracking(settings: Settings<TrackingClientOptions>): TrackingClient {
    const key = keyOf(settings)
    if (this.trackingEntry?.key !== key) {
      void this.trackingEntry?.client.close()
      this.trackingEntry = { key, client: new TrackingClient({ ...settings, ...this.shared }) }
    }
    return this.trackingEntry.client
  }

  async close(): Promise<void> {
    await Promise.all([this.freightEntry?.client.close(), this.trackingEntry?.client.close()])
    this.freightEntry = undefined
    this.trackingEntry = undefined
  }
}
