import { useQuery } from "@tanstack/react-query"
import { getSettings } from "../lib/api"
import { queryKeys } from "../lib/query-keys"

/** The plugin's settings and the state of its credentials. */
export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: getSettings })
}
