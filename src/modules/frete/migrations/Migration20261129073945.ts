import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261129073945 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "frete_learned_price" ("id" text not null, "service" text not null, "service_name" text not null, "carrier" text null, "origin_prefix" text not null, "destination_prefix" text not null, "destination_area" text not null, "destination_state" text not null, "weight_g" integer not null, "value" real not null, "price_cents" integer not null, "days" integer null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "frete_learned_price_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_frete_learned_price_deleted_at" ON "frete_learned_price" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_frete_learned_price_origin_prefix_destination_area_created_at" ON "frete_learned_price" ("origin_prefix", "destination_area", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_frete_learned_price_origin_prefix_destination_state_created_at" ON "frete_learned_price" ("origin_prefix", "destination_state", "created_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_frete_learned_price_created_at" ON "frete_learned_price" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "frete_learned_price" cascade;`)
  }
}
