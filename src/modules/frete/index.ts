import { Module } from "@medusajs/framework/utils"
import FreteModuleService from "./service"

export const FRETE_MODULE = "frete"

export default Module(FRETE_MODULE, {
  service: FreteModuleService,
})
