import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { getFreightStats } from "../lib/api"
import type { StatsRange } from "../../lib/admin-contract"
import { queryKeys } from "../lib/query-keys"

/** The server counts in batches a few seconds apart: the page asks again each minute while open. */
const REFRESH_MS = 60_000

/** The Frete page's figures for a range; the previous range's stay on screen while the next loads. */
export function useFreightStats(range: StatsRange) {
  return useQuery({
    queryKey: queryKeys.freightStats(range),
    queryFn: () => getFreightStats(range),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  })
}
