import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { listFailedTrackingOrders, resendTrackingOrders } from "../lib/api"
import { toApiError } from "../lib/api-error"
import { queryKeys } from "../lib/query-keys"
import type { BulkResendResponse } from "../lib/types"

/** The store's failed tracking orders, a page at a time. */
export function useFailedTrackingOrders(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: queryKeys.failedTrackingOrders(page),
    queryFn: () => listFailedTrackingOrders(page),
    placeholderData: keepPreviousData,
  })
}

/** How many rows of a bulk resend ended each way: created, waiting for another attempt, or not sent. */
export function countOutcomes({ results }: BulkResendResponse) {
  const count = (...outcomes: string[]) => results.filter((result) => outcomes.includes(result.outcome)).length
  const created = count("created", "already_created")
  const waiting = count("pending", "queued", "sending", "in_progress")
  // Sent and failed again: the service may have made the order, so it is not "not sent".
  const failed = count("failed")
  return { created, waiting, failed, notSent: results.length - created - waiting - failed }
}

/** Sends many failed tracking orders again, then refreshes every tracking list. */
export function useResendTrackingOrders() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendTrackingOrders,
    onSuccess: (response) => {
      const { created, waiting, failed, notSent } = countOutcomes(response)
      const summary = t("frete.failedTracking.resent", { created, waiting, failed, notSent })
      const more =
        response.remaining > 0 ? ` ${t("frete.failedTracking.remaining", { remaining: response.remaining })}` : ""
      if (failed + notSent > 0) {
        toast.warning(summary + more)
      } else {
        toast.success(summary + more)
      }
    },
    onError: (error) => {
      toast.error(toApiError(error).message)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["frete", "tracking-orders"] }),
  })
}
