import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122110000 extends Migration {
  override async up(): Promise<void> {
    // A row is claimed (`sending`, attempt id, lease) before its call, with no transaction held
    // during the call; the lease tells a call still under way from one whose process died.
    this.addSql(`alter table if exists "tracking_order" drop constraint if exists "tracking_order_status_check";`)
    this.addSql(
      `alter table if exists "tracking_order" add constraint "tracking_order_status_check" check ("status" in ('pending', 'sending', 'created', 'failed'));`
    )
    this.addSql(`alter table if exists "tracking_order" add column if not exists "attempt_id" text null;`)
    this.addSql(`alter table if exists "tracking_order" add column if not exists "lease_until" timestamptz null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_lease_until" ON "tracking_order" ("status", "lease_until") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tracking_order_status_lease_until";`)
    this.addSql(`update "tracking_order" set "status" = 'failed' where "status" = 'sending';`)
    this.addSql(`alter table if exists "tracking_order" drop column if exists "lease_until";`)
    this.addSql(`alter table if exists "tracking_order" drop column if exists "attempt_id";`)
    this.addSql(`alter table if exists "tracking_order" drop constraint if exists "tracking_order_status_check";`)
    this.addSql(
      `alter table if exists "tracking_order" add constraint "tracking_order_status_check" check ("status" in ('pending', 'created', 'failed'));`
    )
  }
}
