import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122090000 extends Migration {
  override async up(): Promise<void> {
    // Secrets saved from the admin, encrypted (AES-256-GCM); never part of `settings`.
    this.addSql(`alter table if exists "frete_settings" add column if not exists "secrets" jsonb null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "frete_settings" drop column if exists "secrets";`)
  }
}
