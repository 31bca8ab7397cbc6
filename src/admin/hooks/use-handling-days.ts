import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { ProductHandlingDays } from "../../lib/admin-contract"
import { sdk } from "../lib/sdk"

const keyOf = (productId: string) => ["frete", "handling-days", productId] as const
const path = (productId: string) => `/admin/frete/products/${encodeURIComponent(productId)}/handling-days`

/** A product's handling days under the settings' metadata key, and its variants' own values. */
export function useHandlingDays(productId: string) {
  return useQuery({ queryKey: keyOf(productId), queryFn: () => sdk.client.fetch<ProductHandlingDays>(path(productId)) })
}

/** Sets (a number) or removes (null) the product's handling days. */
export function useSaveHandlingDays(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (handling_days: number | null) =>
      sdk.client.fetch<ProductHandlingDays>(path(productId), { method: "POST", body: { handling_days } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(productId), saved)
      // The dashboard's own product queries (its Metadata card and editor) hold the metadata as it
      // was: refetched, so that editing the metadata next does not write the old value back.
      return queryClient.invalidateQueries({ queryKey: ["products"] })
    },
  })
}
