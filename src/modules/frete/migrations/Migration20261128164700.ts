import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The Frete page's orders by service: one row per shipping method of this plugin's options (OrderFreightRecord). */
export class Migration20261128164700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "frete_order_freight" ("shipping_method_id" text not null, "order_id" text not null,
       "service" text not null, "amount_cents" integer not null, "days" integer null,
       "is_fallback" boolean not null default false, "placed_at" timestamptz not null,
       "canceled" boolean not null default false, "created_at" timestamptz not null default now(),
       "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null,
       constraint "frete_order_freight_pkey" primary key ("shipping_method_id"));`
    )
    for (const column of ["deleted_at", "order_id", "placed_at"]) {
      this.addSql(
        `CREATE INDEX IF NOT EXISTS "IDX_frete_order_freight_${column}" ON "frete_order_freight" ("${column}")
         WHERE deleted_at IS NULL;`
      )
    }
    // Until now orders were counted in frete_stat from any shipping method whose `data` named a service, and a
    // storefront writes a manual option's `data`: those rows cannot be told from the real ones, so they go.
    this.addSql(`delete from "frete_stat" where "metric" in ('order', 'order_days', 'order_fallback', 'free');`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_order_freight" cascade;`)
  }
}
