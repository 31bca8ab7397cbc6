import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
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

function retryOutcome(t: TFunction, order: TrackingOrder): void {
  if (order.status === "created") {
    toast.success(t("frete.widget.retryCreated"))
  } else if (order.status === "pending") {
    toast.info(t("frete.widget.retryPending"))
  } else {
    toast.error(
      order.last_error ? t("frete.widget.retryFailedWith", { error: order.last_error }) : t("frete.widget.retryFailed")
    )
  }
}

/** Sends a failed or pending tracking order again, then refreshes the order's list. */
export function useRetryTrackingOrder(orderId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryTrackingOrder,
    onSuccess: ({ tracking_order }) => retryOutcome(t, tracking_order),
    onError: (error) => {
      toast.error(toApiError(error).message)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.trackingOrders(orderId) }),
  })
}
