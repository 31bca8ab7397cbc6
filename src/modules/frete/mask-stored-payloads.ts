import { maskTrackingPayload } from "../../lib/tracking/mask-payload"

/** Runs a statement with `?` bindings and gives its rows (a migration's `execute`, a knex `raw`). */
export type RunStatement = (sql: string, params?: unknown[]) => Promise<unknown[]>

const BATCH = 500

/**
 * Masks, with the plugin's own masks (mask-payload.ts), the payloads stored before payloads were
 * kept masked: in clear while `pending` or `failed`, and with the name and address in clear once
 * `created`. A payload already masked stays as it is. Read in batches, by id.
 */
export async function maskStoredPayloads(run: RunStatement): Promise<void> {
  let after = ""
  for (;;) {
    const rows = (await run(
      `select "id", "payload" from "tracking_order" where "id" > ? and jsonb_typeof("payload") = 'object' order by "id" limit ${BATCH}`,
      [after]
    )) as { id: string; payload: Record<string, unknown> }[]
    for (const row of rows) {
      await run(`update "tracking_order" set "payload" = ?::jsonb where "id" = ?`, [JSON.stringify(maskTrackingPayload(row.payload)), row.id])
    }
    if (rows.length < BATCH) {
      return
    }
    after = rows[rows.length - 1].id
  }
}
