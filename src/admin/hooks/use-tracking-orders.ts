import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "@medusajs/ui"
import { listTrackingOrders, retryTrackingOrder } from "../lib/api"
import { toApiError } from "../lib/api-error"
import { queryKeys } from "../lib/query-keys"
import type { TrackingOrder } from "../lib/types"

/**
 * The tracking orders of an order's fulfillments, fetched again after `refreshEveryMs` of the
 * latest ones (asked again after each fetch; null: not until something else asks).
 */
export function useTrackingOrders(orderId: string, refreshEveryMs: (trackingOrders: TrackingOrder[]) => number | null) {
  return useQuery({
    queryKey: queryKeys.trackingOrders(orderId),
    queryFn: () => listTrackingOrders(orderId),
    refetchInterval: (query) => refreshEveryMs(query.state.data?.tracking_orders ?? []) ?? false,
  })
}

function retryOutcome(order: TrackingOrder): void {
  if (order.status === "created") {
    toast.success("Pedido de rastreamento criado.")
  } else if (order.status === "pending") {
    toast.info("O serviço de rastreamento não respondeu: uma nova tentativa foi agendada.")
  } else {
    toast.error(order.last_error ? `O reenvio falhou: ${order.last_error}` : "O reenvio falhou.")
  }
}

/** Sends a failed or pending tracking order again, then refreshes the order's list. */
export function useRetryTrackingOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryTrackingOrder,
    onSuccess: ({ tracking_order }) => retryOutcome(tracking_order),
    onError: (error) => {
      toast.error(toApiError(error).message)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.trackingOrders(orderId) }),
  })
}
