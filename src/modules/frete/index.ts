import { Module } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../lib/frete-provider"
import FreteModuleService from "./service"

export { FRETE_MODULE }
export default Module(FRETE_MODULE, { service: FreteModuleService })
