import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreightClient } from "../../lib/freight/client"
import { ServiceClients } from "../../lib/services/service-clients"
import type { TrackingClient } from "../../lib/tracking/client"
import type { Credentials } from "./credentials"

/**
 * The two services' clients for the credentials in force (options, else saved in the admin, as of
 * the last read of the settings): one connection pool per service for the process, replaced only
 * when a URL, secret or option changes.
 */
export class FreteConnections {
  readonly clients: ServiceClients

  constructor(
    private readonly options: () => FreteOptions,
    private readonly credentials: () => Credentials,
    logger: Logger
  ) {
    this.clients = new ServiceClients({ logger })
  }

  /** The freight client, or null when the freight API is not configured. */
  freight(): FreightClient | null {
    const { url, secret } = this.credentials().freight
    const { timeoutMs, connections } = this.options().freight
    return url && secret ? this.clients.freight({ url, token: secret, timeoutMs, connections }) : null
  }

  /** The tracking client, or null when the tracking API is not configured. */
  tracking(): TrackingClient | null {
    const { url, secret } = this.credentials().tracking
    const { timeoutMs, connections } = this.options().tracking
    return url && secret ? this.clients.tracking({ url, credential: secret, timeoutMs, connections }) : null
  }

  close(): Promise<void> {
    return this.clients.close()
  }
}
