import type { Logger } from "@medusajs/framework/types"
import { parseFreteOptions, type FreteOptions } from "../../../medusa-plugin.config"
import { ServiceClients } from "../../lib/service-clients"
import { checkServices } from "../../lib/service-status"

type InjectedDependencies = {
  logger: Logger
}

/**
 * The plugin's own module: it holds the parsed options and the one connection pool per service
 * that every part of the plugin in this process shares. As a plugin module, Medusa hands it the
 * plugin entry's options; run as a project, it has none and reads the FRETE_* variables.
 */
export default class FreteModuleService {
  protected readonly options_: FreteOptions
  protected readonly clients_: ServiceClients

  __hooks = {
    onApplicationShutdown: async () => {
      await this.clients_.close()
    },
  }

  constructor({ logger }: InjectedDependencies, moduleOptions?: unknown) {
    this.options_ = parseFreteOptions(moduleOptions)
    this.clients_ = new ServiceClients({ logger })
  }

  /** Whether each service is configured and answers; never the secrets themselves. */
  async checkServices() {
    return checkServices({ freight: this.options_.freight, tracking: this.options_.tracking }, this.clients_)
  }
}
