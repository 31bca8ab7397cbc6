import { FreightClient, type FreightClientOptions } from "../freight/client"
import { TrackingClient, type TrackingClientOptions } from "../tracking/client"

type Shared = Pick<FreightClientOptions, "logger" | "dispatcher">
type Entry<C> = { key: string; client: C }

/** The entry for `settings`: the one kept when they are the same, else a new client (the old one closed once its requests finish). */
function reuse<C extends { close(): Promise<void> }>(entry: Entry<C> | undefined, settings: object, create: () => C): Entry<C> {
  const key = JSON.stringify(settings)
  if (entry?.key === key) return entry
  void entry?.client.close()
  return { key, client: create() }
}

/** One client, hence one connection pool, per service for the whole process, replaced only when its settings change (a new token saved in the admin). */
export class ServiceClients {
  private freightEntry?: Entry<FreightClient>
  private trackingEntry?: Entry<TrackingClient>

  constructor(private readonly shared: Shared = {}) {}

  freight(settings: Omit<FreightClientOptions, keyof Shared>): FreightClient {
    return (this.freightEntry = reuse(this.freightEntry, settings, () => new FreightClient({ ...settings, ...this.shared }))).client
  }

  tracking(settings: Omit<TrackingClientOptions, keyof Shared>): TrackingClient {
    return (this.trackingEntry = reuse(this.trackingEntry, settings, () => new TrackingClient({ ...settings, ...this.shared }))).client
  }

  async close(): Promise<void> {
    await Promise.all([this.freightEntry?.client.close(), this.trackingEntry?.client.close()])
    this.freightEntry = this.trackingEntry = undefined
  }
}
