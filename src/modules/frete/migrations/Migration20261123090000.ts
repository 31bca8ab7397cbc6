import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123090000 extends Migration {
  override async up(): Promise<void> {
    // The store quote route's per-client bound, shared by every instance: one row per new
    // freight query a client caused in the last minute (the client as a hash, never its address).
    this.addSql(`create table if not exists "frete_quote_take" ("client" text not null, "taken_at" timestamptz not null default now());`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_frete_quote_take_client_taken_at" ON "frete_quote_take" ("client", "taken_at");`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_frete_quote_take_taken_at" ON "frete_quote_take" ("taken_at");`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_quote_take" cascade;`)
  }
}
