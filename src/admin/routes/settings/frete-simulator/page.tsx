import { defineRouteConfig } from "@medusajs/admin-sdk"
import { FreightSimulator } from "../../../components/simulator/freight-simulator"

/** Settings > Simulador de frete: what checkout would offer for a cart and a CEP, and why. */
const FreightSimulatorPage = () => <FreightSimulator />

export const config = defineRouteConfig({
  // A key of the admin's texts (src/admin/i18n), translated by the dashboard in its language.
  label: "frete.simulator.menu",
  translationNs: "translation",
})

export default FreightSimulatorPage
