import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "tracking_order" ("id" text not null, "fulfillment_id" text not null, "order_id" text null, "status" text check ("status" in ('pending', 'created', 'failed')) not null default 'pending', "remote_id" text null, "payload" jsonb null, "omitted_fields" jsonb null, "no_notification" boolean not null default false, "attempts" integer not null default 0, "next_attempt_at" timestamptz null, "last_error" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tracking_order_pkey" primary key ("id"));`
    )
    // Unique over every row, deleted or not: one tracking order per fulfillment, ever.
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tracking_order_fulfillment_id_unique" ON "tracking_order" ("fulfillment_id");`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tracking_order_order_id" ON "tracking_order" ("order_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tracking_order_status_next_attempt_at" ON "tracking_order" ("status", "next_attempt_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tracking_order_deleted_at" ON "tracking_order" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tracking_order" cascade;`)
  }
}
