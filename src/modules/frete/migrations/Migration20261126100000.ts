import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The retention in force (the settings' `tracking.payload_retention_days`, else its default, 90), as an interval. */
const RETENTION = `(coalesce((select case when s.settings->'tracking'->>'payload_retention_days' ~ '^[0-9]+$' then (s.settings->'tracking'->>'payload_retention_days')::int end from "frete_settings" s limit 1), 90) * interval '1 day')`

export class Migration20261126100000 extends Migration {
  override async up(): Promise<void> {
    // The failure time of a tracking row is its own column: `updated_at` moved whenever the row
    // changed, the hourly purge included, and a purged old failure then read as a new one.
    this.addSql(`alter table if exists "tracking_order" add column if not exists "failed_at" timestamptz null;`)
    // Existing failures failed at their last change, except those the purge already touched (no
    // payload, changed more than the retention after they were written): the purge ran at least
    // the retention after their failure, so they are dated back by it, out of the recent ones.
    this.addSql(
      `update "tracking_order" set "failed_at" = case
         when "payload" is null and "omitted_fields" is null and "updated_at" > "created_at" + ${RETENTION} then "updated_at" - ${RETENTION}
         else "updated_at" end
       where "status" = 'failed' and "failed_at" is null;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_failed_at" ON "tracking_order" ("status", "failed_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tracking_order_status_failed_at";`)
    this.addSql(`alter table if exists "tracking_order" drop column if exists "failed_at";`)
  }
}
