import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** `maybe_created`: a failed tracking order the service may already have created, resent only when named. */
export class Migration20261128000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "tracking_order" add column if not exists "maybe_created" boolean not null default false;`
    )
    // Rows that failed before the column existed: their reason, the same sentence since 0.1.0, is
    // the only record of it. Erring towards asking the merchant is the safe side.
    this.addSql(
      `update "tracking_order" set "maybe_created" = true
       where "status" = 'failed' and "last_error" like '%pode ter criado o pedido%';`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tracking_order" drop column if exists "maybe_created";`)
  }
}
