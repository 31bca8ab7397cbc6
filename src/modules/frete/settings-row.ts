import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Sealed } from "./sealed-secrets"

export const SETTINGS_ROW_ID = "frete_settings"

/** The settings row as stored: its settings JSON unchecked (it may predate today's schema), its sealed secrets. */
export interface StoredRow {
  /** undefined: no row yet (or a soft-deleted one), which reads as the defaults. */
  settings: unknown
  sealed: Sealed
}

type RowRecord = { settings: unknown; secrets: Sealed | null; deleted_at?: Date | null }

const stored = (record: RowRecord | undefined): StoredRow =>
  record && !record.deleted_at ? { settings: record.settings, sealed: { ...(record.secrets ?? {}) } } : { settings: undefined, sealed: {} }

/** The row as it is now, read in one statement without a lock (checkout's reads never wait for a save). */
export async function readSettingsRow(knex: Knex): Promise<StoredRow> {
  const { rows } = await knex.raw(`select settings, secrets from frete_settings where id = ? and deleted_at is null`, [SETTINGS_ROW_ID])
  return stored(rows[0] as RowRecord | undefined)
}

/**
 * Saves the row as `change` makes it from the row as it is, in one transaction that holds the
 * row's lock from the read to the write: a save made at the same moment (by another admin, on
 * another instance) waits, then changes the row this one wrote, so neither is lost. `change` may
 * throw (a bad value): nothing is written then. The first save of all inserts the row inside the
 * same transaction, so two first saves at once queue on its key instead of one failing.
 */
export async function saveSettingsRow<T>(knex: Knex, change: (row: StoredRow) => { settings: unknown; sealed: Sealed; result: T }): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw(`insert into frete_settings (id, settings, secrets) values (?, '{}'::jsonb, '{}'::jsonb) on conflict (id) do nothing`, [SETTINGS_ROW_ID])
    const { rows } = await trx.raw(`select settings, secrets, deleted_at from frete_settings where id = ? for update`, [SETTINGS_ROW_ID])
    // A row inserted just above holds `{}`, which the schema reads as the defaults.
    const next = change(stored(rows[0] as RowRecord | undefined))
    await trx.raw(`update frete_settings set settings = ?::jsonb, secrets = ?::jsonb, deleted_at = null, updated_at = now() where id = ?`, [
      JSON.stringify(next.settings),
      JSON.stringify(next.sealed),
      SETTINGS_ROW_ID,
    ])
    return next.result
  })
}
