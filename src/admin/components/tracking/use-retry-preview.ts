import { useQuery } from "@tanstack/react-query"
import type { ResendPreviewAnswer } from "../../../lib/admin-contract"
import { sdk } from "../../lib/sdk"

function getRetryPreview(id: string): Promise<ResendPreviewAnswer> {
  return sdk.client.fetch<ResendPreviewAnswer>(`/admin/frete/tracking-orders/${encodeURIComponent(id)}/preview`)
}

/** Fetched each time the preview opens: the merchant may just have fixed the order. */
export function useRetryPreview(id: string, open: boolean) {
  return useQuery({
    queryKey: ["frete", "tracking-orders", "preview", id],
    queryFn: () => getRetryPreview(id),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  })
}
