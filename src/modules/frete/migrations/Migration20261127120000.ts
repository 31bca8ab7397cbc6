import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The freight figures of the admin's Frete page: sums per hour, metric and key, added to by every instance. */
export class Migration20261127120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "frete_stat" ("hour" timestamptz not null, "metric" text not null, "key" text not null, "count" bigint not null default 0, "total" double precision not null default 0, constraint "frete_stat_pkey" primary key ("hour", "metric", "key"));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_stat" cascade;`)
  }
}
