import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useEffect } from "react"
import { TrackingOrderItem } from "../components/tracking/tracking-order-item"
import { useRetryTrackingOrder, useTrackingOrders } from "../hooks/use-tracking-orders"
import { toApiError } from "../lib/api-error"

/** "Envio 2" for the order's second fulfillment; its id when the order does not list it. */
function fulfillmentTitle(order: AdminOrder, fulfillmentId: string): string {
  const position = (order.fulfillments ?? []).findIndex((fulfillment) => fulfillment.id === fulfillmentId)
  return position >= 0 ? `Envio ${position + 1}` : `Envio ${fulfillmentId}`
}

/** The order's tracking orders, one per shipped fulfillment, beside the order's details. */
const OrderTrackingWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isPending, isError, error, refetch } = useTrackingOrders(order.id)
  const retry = useRetryTrackingOrder(order.id)
  const trackingOrders = data?.tracking_orders ?? []
  const sending = trackingOrders.some((trackingOrder) => trackingOrder.status === "sending")

  // A call under way ends within the tracking timeout: look again until none is.
  useEffect(() => {
    if (!sending) {
      return
    }
    const timer = setInterval(() => void refetch(), 2000)
    return () => clearInterval(timer)
  }, [sending, refetch])

  return (
    <Container className="divide-y p-0" data-testid="frete-tracking-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Rastreamento</Heading>
      </div>
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="frete-tracking-loading">
          Carregando…
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4" data-testid="frete-tracking-error">
          {toApiError(error).message}
        </Text>
      )}
      {data && trackingOrders.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="frete-tracking-empty">
          Nenhum pedido de rastreamento ainda: ele é criado quando o envio é marcado como enviado.
        </Text>
      )}
      {trackingOrders.map((trackingOrder) => (
        <TrackingOrderItem
          key={trackingOrder.id}
          order={trackingOrder}
          title={fulfillmentTitle(order, trackingOrder.fulfillment_id)}
          isRetrying={retry.isPending && retry.variables === trackingOrder.id}
          onRetry={() => retry.mutate(trackingOrder.id)}
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
