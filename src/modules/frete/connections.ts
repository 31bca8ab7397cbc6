import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreightClient } from "../../lib/freight/client"
import { ServiceClients } from "../../lib/services/service-clients"
import type { TrackingClient } from "../../lib/tracking/client"
import type { Credentials } from "./credentials"

/** The two services' clients for the credentials in force, null for a service not configured: one pool per service, replaced when a URL, secret or option changes. */
export class FreteConnections {
  readonly clients: ServiceClients

  constructor(
    private readonly options: () => FreteOptions,
    private readonly credentials: () => Credentials,
    logger: Logger
  ) {
    this.clients = new ServiceClients({ logger })
  }

  freight(): FreightClient | null {
    const { url, secret } = this.credentials().freight
    const { timeoutMs, connections } = this.options().freight
    return url && secret ? this.clients.freight({ url, token: secret, timeoutMs, connections }) : null
  }

  tracking(): TrackingClient | null {
    const { url, secret } = this.credentials().tracking
    const { timeoutMs, connections } = this.options().tracking
    return url && secret ? this.clients.tracking({ url, credential: secret, timeoutMs, connections }) : null
  }

  close(): Promise<void> {
    return this.clients.close()
  }
}
