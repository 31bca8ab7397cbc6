import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The plugin's tables as of 0.1.0, in one migration (the earlier steps squashed: no store ran them). */
export class Migration20261127000000 extends Migration {
  override async up(): Promise<void> {
    // The merchant's settings, one row; `secrets` are the ones saved from the admin, encrypted
    // (AES-256-GCM), never part of `settings`.
    this.addSql(
      `create table if not exists "frete_settings" ("id" text not null, "settings" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, "secrets" jsonb null, constraint "frete_settings_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_frete_settings_deleted_at" ON "frete_settings" ("deleted_at") WHERE deleted_at IS NULL;`
    )

    // One tracking order per fulfillment. A row is claimed (`sending`, `attempt_id`, `lease_until`)
    // before its call, with no transaction held during the call; the lease tells a call still under
    // way from one whose process died. `failed_at` is its own column: `updated_at` moves with any
    // later change (the purge of payloads).
    this.addSql(
      `create table if not exists "tracking_order" ("id" text not null, "fulfillment_id" text not null, "order_id" text null, "status" text not null default 'pending', "remote_id" text null, "payload" jsonb null, "omitted_fields" jsonb null, "no_notification" boolean not null default false, "attempts" integer not null default 0, "next_attempt_at" timestamptz null, "last_error" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, "attempt_id" text null, "lease_until" timestamptz null, "failed_at" timestamptz null, constraint "tracking_order_pkey" primary key ("id"), constraint "tracking_order_status_check" check ("status" in ('pending', 'sending', 'created', 'failed')));`
    )
    // Unique over every row, deleted or not: one tracking order per fulfillment, ever.
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tracking_order_fulfillment_id_unique" ON "tracking_order" ("fulfillment_id");`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_order_id" ON "tracking_order" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_next_attempt_at" ON "tracking_order" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_deleted_at" ON "tracking_order" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_lease_until" ON "tracking_order" ("status", "lease_until") WHERE deleted_at IS NULL;`
    )
    // The purge of payloads past their retention looks rows up by status and time of their end.
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_updated_at" ON "tracking_order" ("status", "updated_at") WHERE deleted_at IS NULL;`
    )
    // The admin's list of failures and the resend by period.
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_failed_at" ON "tracking_order" ("status", "failed_at") WHERE deleted_at IS NULL;`
    )

    // The quota guard counts units granted per key and minute (one row each).
    this.addSql(
      `create table if not exists "frete_quote_budget" ("key" text not null, "window_start" bigint not null, "granted" integer not null, "last_grant" integer not null, constraint "frete_quote_budget_pkey" primary key ("key", "window_start"));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_quote_budget" cascade;`)
    this.addSql(`drop table if exists "tracking_order" cascade;`)
    this.addSql(`drop table if exists "frete_settings" cascade;`)
  }
}
