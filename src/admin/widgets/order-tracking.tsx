import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { TrackingOffNotice, trackingOffReason } from "../components/tracking/tracking-off-notice"
import { TrackingOrderItem } from "../components/tracking/tracking-order-item"
import { useSettings } from "../hooks/use-settings"
import { useRetryTrackingOrder, useTrackingOrders } from "../hooks/use-tracking-orders"
import { toApiError } from "../lib/api-error"
import type { TrackingOrder } from "../lib/types"

/** "Envio 2" for the order's second fulfillment; its id when the order does not list it. */
function fulfillmentTitle(t: TFunction, order: AdminOrder, fulfillmentId: string): string {
  const position = (order.fulfillments ?? []).findIndex((fulfillment) => fulfillment.id === fulfillmentId)
  return t("frete.widget.fulfillment", { number: position >= 0 ? position + 1 : fulfillmentId })
}

/** How long after "Mark as shipped" a fulfillment without a tracking order is still looked for. */
const JUST_SHIPPED_MS = 2 * 60_000

/**
 * How often to look at the tracking orders again, or null not to: every 2 s while a call is under
 * way (it ends within the tracking timeout) or a fulfillment shipped in the last two minutes has
 * no tracking order yet (the dashboard hands the widget the order again after "Mark as shipped";
 * the row follows within moments, unless the fulfillment's provider gets none); every 10 s while
 * one waits for its next attempt.
 */
function refreshEveryMs(order: AdminOrder, trackingOrders: TrackingOrder[]): number | null {
  const tracked = new Set(trackingOrders.map((trackingOrder) => trackingOrder.fulfillment_id))
  const justShipped = (order.fulfillments ?? []).some(
    (fulfillment) =>
      fulfillment.shipped_at &&
      !tracked.has(fulfillment.id) &&
      Date.now() - new Date(fulfillment.shipped_at).getTime() < JUST_SHIPPED_MS
  )
  if (justShipped || trackingOrders.some((trackingOrder) => trackingOrder.status === "sending")) {
    return 2000
  }
  return trackingOrders.some((trackingOrder) => trackingOrder.status === "pending") ? 10_000 : null
}

/** The order's tracking orders, one per shipped fulfillment, beside the order's details. */
const OrderTrackingWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation()
  // The widget follows the shipment with no reload: see refreshEveryMs.
  const { data, isPending, isError, error } = useTrackingOrders(order.id, (trackingOrders) =>
    refreshEveryMs(order, trackingOrders)
  )
  const retry = useRetryTrackingOrder(order.id)
  const trackingOrders = data?.tracking_orders ?? []
  // While tracking is off, shipments get no tracking order: the merchant reads why, and how to turn it on.
  const settings = useSettings().data
  const off = settings ? trackingOffReason(settings.settings, settings.credentials) : null

  return (
    <Container className="divide-y p-0" data-testid="frete-tracking-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{t("frete.widget.title")}</Heading>
      </div>
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="frete-tracking-loading">
          {t("frete.common.loading")}
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4" data-testid="frete-tracking-error">
          {toApiError(error).message}
        </Text>
      )}
      {off && (
        <div className="px-6 pt-4">
          <TrackingOffNotice reason={off} testId="frete-tracking-widget-off" />
        </div>
      )}
      {data && trackingOrders.length === 0 && !off && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="frete-tracking-empty">
          {t("frete.widget.empty")}
        </Text>
      )}
      {trackingOrders.map((trackingOrder) => (
        <TrackingOrderItem
          key={trackingOrder.id}
          order={trackingOrder}
          title={fulfillmentTitle(t, order, trackingOrder.fulfillment_id)}
          isRetrying={retry.isPending && retry.variables?.id === trackingOrder.id}
          onRetry={() => retry.mutate(trackingOrder)}
        />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
  id: "medusa-plugin-frete.order-tracking",
})

export default OrderTrackingWidget
