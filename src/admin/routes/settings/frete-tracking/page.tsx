import { defineRouteConfig } from "@medusajs/admin-sdk"
import { FailedTrackingOrders } from "../../../components/tracking/failed-tracking-orders"

/** Settings > Rastreamento (Frete): the failed tracking orders, resent many at once after an outage. */
const FailedTrackingOrdersPage = () => (
  <div className="flex flex-col gap-y-3" data-testid="frete-failed-tracking-page">
    <FailedTrackingOrders />
  </div>
)

export const config = defineRouteConfig({
  // A key of the admin's texts (src/admin/i18n), translated by the dashboard in its language.
  label: "frete.failedTracking.menu",
  translationNs: "translation",
})

export default FailedTrackingOrdersPage
