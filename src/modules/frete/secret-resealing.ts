import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import { boundUrlKey, SECRET_NAMES, type Credentials, type SecretName, type StoredSecrets } from "./credentials"
import { sealBound, type Sealed } from "./sealed-secrets"
import { SETTINGS_ROW_ID } from "./settings-row"

/** A secret sealed again with its URL bound in, to replace `was` only if the row still holds it. */
export interface Resealing {
  name: SecretName
  /** The entries of the column as read (ciphertext, and URL or undefined): the write is conditional on them. */
  was: { sealed: string; url: string | undefined }
  next: Sealed
}

/**
 * The secrets sealed before the binding that this read put in force with their URL, sealed again
 * with that URL bound in. Only when in force: a secret kept from the URL in force stays as it is,
 * so the binding never blesses a URL the secret was not used with.
 */
export function resealings(sealed: Sealed, secrets: StoredSecrets, credentials: Credentials, key: string | undefined): Resealing[] {
  if (!key) return []
  const inForce = { freight_token: credentials.freight, tracking_credential: credentials.tracking }
  const result: Resealing[] = []
  for (const name of SECRET_NAMES) {
    const secret = secrets[name]
    const service = inForce[name]
    if (!secret || "unreadable" in secret || !secret.unbound) continue
    if (service.secretSource !== "settings" || service.secretWithheld || !service.url || service.secret !== secret.value) continue
    result.push({ name, was: { sealed: sealed[name], url: sealed[boundUrlKey(name)] }, next: sealBound(name, secret.value, service.url, key) })
  }
  return result
}

/**
 * Writes secrets sealed again with their URL bound in, each only if the row still holds what was
 * read (a save meanwhile wins; the next read seals again if needed). No lock: a statement each.
 */
export async function writeResealings(knex: Knex, resealings: Resealing[]): Promise<number> {
  let written = 0
  for (const { name, was, next } of resealings) {
    const answer = await knex.raw(
      `update frete_settings set secrets = secrets || ?::jsonb, updated_at = now()
       where id = ? and deleted_at is null and secrets->>? = ? and (secrets->>?) is not distinct from ?::text`,
      [JSON.stringify(next), SETTINGS_ROW_ID, name, was.sealed, boundUrlKey(name), was.url ?? null]
    )
    written += (answer as { rowCount?: number }).rowCount ?? 0
  }
  return written
}

/**
 * Secrets saved before the URL was bound into their encryption are sealed again, bound, once a
 * read of this process puts them in force with their URL. In the background: checkout does not
 * wait for it, and a write that fails is tried again at the next read (its warning once).
 */
export function resealInBackground(
  knex: Knex,
  pending: Resealing[],
  logger: Logger,
  reportOnce: (problem: string, log: (line: string) => void) => void
): void {
  if (!pending.length) return
  const names = pending.map((entry) => entry.name).join(", ")
  writeResealings(knex, pending).then(
    (written) => {
      if (written) logger.info(`frete: ${names} saved in the admin sealed again, bound to its URL`)
    },
    (error: unknown) =>
      reportOnce(`frete: sealing ${names} again, bound to its URL, failed (${error instanceof Error ? error.message : String(error)}); tried again at the next read`, (line) =>
        logger.warn(line)
      )
  )
}
