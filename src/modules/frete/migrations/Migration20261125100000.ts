import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    // The quota guard counts units granted per key and minute (one row each), instead of one row
    // per query under a lock every query of the cluster shared.
    this.addSql(
      `create table if not exists "frete_quote_budget" ("key" text not null, "window_start" bigint not null, "granted" integer not null, "last_grant" integer not null, constraint "frete_quote_budget_pkey" primary key ("key", "window_start"));`
    )
    this.addSql(`drop table if exists "frete_quote_take" cascade;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_quote_budget" cascade;`)
    this.addSql(`create table if not exists "frete_quote_take" ("client" text not null, "taken_at" timestamptz not null default now());`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_frete_quote_take_client_taken_at" ON "frete_quote_take" ("client", "taken_at");`)
  }
}
