import { useQuery } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"

/** What "Reenviar" would send now: rebuilt from the order's current data, CPF, phone and e-mail masked. */
export type RetryPreview = {
  payload: Record<string, unknown>
  omitted_fields: Array<{ field: string; reason: string }>
  /** Fields that differ from what was built at shipment. */
  changed_fields: string[]
}

function getRetryPreview(id: string): Promise<{ preview: RetryPreview }> {
  return sdk.client.fetch<{ preview: RetryPreview }>(`/admin/frete/tracking-orders/${encodeURIComponent(id)}/preview`)
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
