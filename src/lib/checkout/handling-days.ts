import { LRUCache } from "lru-cache"

/**
 * Handling days per product: the days a merchant needs before an item can leave (made to order,
 * shipped from a supplier). Medusa has no such field, so they live in a metadata key of the
 * variant, else of its product; the name of the key is a setting.
 */

/** The most handling days an item may have: a year, like the settings' extra days. */
export const MAX_HANDLING_DAYS = 365

type Metadata = Record<string, unknown> | null | undefined

/**
 * A metadata value read as handling days: a whole number from 0 to MAX_HANDLING_DAYS, given as a
 * number or as digits (metadata edited in Medusa's admin is text). Anything else, or nothing,
 * is null: the item has no handling days of its own.
 */
export function readHandlingDays(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isInteger(number) && number >= 0 && number <= MAX_HANDLING_DAYS ? number : null
}

/**
 * An item's handling days: its variant's, else its product's, else 0. A value that cannot be read
 * (a typo saved through the metadata editor) counts as unset, so it never blocks checkout.
 */
export function handlingDaysOf(variantMetadata: Metadata, productMetadata: Metadata, key: string): number {
  return readHandlingDays(variantMetadata?.[key]) ?? readHandlingDays(productMetadata?.[key]) ?? 0
}

/**
 * What the admin's field accepts: an empty text clears the value (null); otherwise a whole number
 * from 0 to MAX_HANDLING_DAYS, or the pt-BR reason it is refused.
 */
export function parseHandlingDaysInput(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim()
  if (trimmed === "") {
    return { value: null }
  }
  if (!/^\d+$/.test(trimmed)) {
    return { error: "Use um número inteiro de dias, de 0 a 365." }
  }
  const days = Number(trimmed)
  return days <= MAX_HANDLING_DAYS ? { value: days } : { error: `No máximo ${MAX_HANDLING_DAYS} dias.` }
}

/** A variant's metadata and its product's: where an item's handling days are kept. */
export interface HandlingMetadata {
  variant: Record<string, unknown> | null
  product: Record<string, unknown> | null
}

/** How long a variant's metadata is reused: an edit in the admin reaches checkout within this. */
const METADATA_TTL_MS = 30_000
const METADATA_MAX_ENTRIES = 10_000

/** Variants' handling metadata by variant id, as a process keeps it (Medusa's cart context loads no metadata). */
export type HandlingMetadataCache = LRUCache<string, HandlingMetadata>

export const createHandlingMetadataCache = (): HandlingMetadataCache => new LRUCache<string, HandlingMetadata>({ max: METADATA_MAX_ENTRIES, ttl: METADATA_TTL_MS })
