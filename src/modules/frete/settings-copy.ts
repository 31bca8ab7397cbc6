import type { ICachingModuleService } from "@medusajs/framework/types"
import { z } from "zod"
import { decryptWithKeys, encryptSecret } from "../../lib/security/secret-box"

const KEY = "frete:settings"
/** Not a URL: neither a sealed secret nor this copy opens in the other's place. */
const BINDING = "frete_settings row, as last read"
const TTL_SECONDS = 7 * 86_400
/** A copy unchanged is written again this often, so that an evicted one comes back. */
const REWRITE_MS = 3_600_000

/** The row as stored: its settings unchecked (repaired as a row read from the table is), secrets sealed. */
const rowSchema = z.object({ settings: z.unknown(), sealed: z.record(z.string(), z.string()) })
const copySchema = z.object({ readAt: z.number(), row: rowSchema })
export type StoredRow = z.infer<typeof rowSchema>

/** `read`: null when none is kept, or it does not open with these keys (forged, altered, or another store's). */
export type SettingsCopy = { read(): Promise<z.infer<typeof copySchema> | null>; write(row: StoredRow): Promise<void> }

// The row this store's instances last read, in Medusa's Caching Module, for an instance whose first read hangs. Sealed
// whole with the encryptionKey: a writer of the cache without the key can drop or replay a copy, never make one.
export function settingsCopy(caching: ICachingModuleService | undefined, keys: readonly string[]): SettingsCopy | null {
  if (!caching || !keys.length) return null
  let written: { text: string; at: number } | undefined
  return {
    async read() {
      const kept = (await caching.get({ key: KEY })) as { sealed?: unknown } | null
      if (typeof kept?.sealed !== "string") return null
      try {
        return copySchema.parse(JSON.parse(decryptWithKeys(kept.sealed, keys, BINDING).plain))
      } catch {
        return null
      }
    },
    async write(row) {
      const [text, at] = [JSON.stringify(row), Date.now()]
      if (written?.text === text && at - written.at < REWRITE_MS) return
      const sealed = encryptSecret(JSON.stringify({ readAt: at, row }), keys[0], BINDING)
      const options = { autoInvalidate: false }
      await caching.set({ key: KEY, data: { sealed }, ttl: TTL_SECONDS, tags: ["frete:settings"], options })
      written = { text, at }
    },
  }
}
