import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import FreteFulfillmentProviderService from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [FreteFulfillmentProviderService] })
