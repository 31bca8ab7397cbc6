import { Migration } from "@medusajs/framework/mikro-orm/migrations"
import { maskStoredPayloads } from "../mask-stored-payloads"

export class Migration20261124100000 extends Migration {
  override async up(): Promise<void> {
    // LGPD: no payload in clear at rest, in any status; the clear order is built when it is sent.
    await maskStoredPayloads((sql, params) => this.execute(sql, params))
    // The purge of payloads past their retention looks rows up by status and time of their end.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_updated_at" ON "tracking_order" ("status", "updated_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    // The masked payloads stay masked: the clear values are gone, as intended.
    this.addSql(`drop index if exists "IDX_tracking_order_status_updated_at";`)
  }
}
