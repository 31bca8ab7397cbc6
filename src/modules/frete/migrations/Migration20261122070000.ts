import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122070000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "frete_settings" ("id" text not null, "settings" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "frete_settings_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_frete_settings_deleted_at" ON "frete_settings" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_settings" cascade;`)
  }
}
