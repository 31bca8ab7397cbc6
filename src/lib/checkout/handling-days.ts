import { LRUCache } from "lru-cache"

// Days before an item can leave (made to order): Medusa has no such field, so a metadata key holds them.
export const MAX_HANDLING_DAYS = 365

type Metadata = Record<string, unknown> | null | undefined

// The admin's metadata editor saves text.
export function readHandlingDays(value: unknown): number | null {
  const number =
    typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isInteger(number) && number >= 0 && number <= MAX_HANDLING_DAYS ? number : null
}

// A typo in the metadata never blocks checkout.
export const handlingDaysOf = (variantMetadata: Metadata, productMetadata: Metadata, key: string): number =>
  readHandlingDays(variantMetadata?.[key]) ?? readHandlingDays(productMetadata?.[key]) ?? 0

// Read with them, for the rules' scopes: the variant's product and its shipping profile.
export type HandlingMetadata = {
  variant: Record<string, unknown> | null
  product: Record<string, unknown> | null
  productId?: string | null
  profileId?: string | null
}

// Medusa's cart context loads no metadata; an edit in the admin reaches checkout within the ttl.
export const createHandlingMetadataCache = () => new LRUCache<string, HandlingMetadata>({ max: 10_000, ttl: 30_000 })
export type HandlingMetadataCache = ReturnType<typeof createHandlingMetadataCache>
