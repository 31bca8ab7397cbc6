// A database some earlier app of this run migrated and booted, kept as a Postgres template: the
// next app of the same module set starts from a copy of it, and Medusa's runner finds its
// migrations applied and its links in sync (it still runs both: only what is pending is done).
// A production restart does the same, on the database of the run before. `npm test`'s jest runs
// are one run on one Postgres (lanes.mjs): an app of either lane copies what the other kept.
//
// The template is named after the run (FRETE_TEST_RUN, from lanes.mjs or the global setup) and
// after the environment that may change Medusa's module set (MEDUSA_* variables: feature flags),
// but for the worker mode: a server, a worker and a shared instance have the same tables.
// Set FRETE_TEST_FRESH_MIGRATIONS=1 to migrate every app's database from scratch instead.
import { createHash } from "node:crypto"
import { Client } from "pg"

const DUPLICATE_DATABASE = "42P04"

function maintenance(): Client {
  return new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
}

/** Runs `work` on a connection to the test cluster's `postgres` database, closed after. */
export async function inMaintenance<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = maintenance()
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The template's name for an app whose extra environment is `env`; null when the run has no id or the reuse is off. */
export function bootedTemplateName(env: Record<string, string>): string | null {
  const run = process.env.FRETE_TEST_RUN
  if (!run || process.env.FRETE_TEST_FRESH_MIGRATIONS === "1") {
    return null
  }
  const moduleSet = Object.entries({ ...process.env, ...env })
    .filter(([name]) => name.startsWith("MEDUSA_") && name !== "MEDUSA_WORKER_MODE")
    .sort(([a], [b]) => a.localeCompare(b))
  const digest = createHash("sha256").update(JSON.stringify(moduleSet)).digest("hex").slice(0, 10)
  return `frete-booted-${run}-${digest}`
}

/** Makes `database` a copy of `template` when that exists: true when it did. */
export async function copyBootedDatabase(template: string, database: string): Promise<boolean> {
  return inMaintenance(async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1 and datallowconn", [template])
    if (!rowCount) {
      return false
    }
    await client.query(`create database ${quote(database)} with template ${quote(template)}`)
    return true
  })
}

/**
 * Keeps `database`, as the app just booted it, as `template` (unless another app did first). The
 * app's connections to it are ended for the copy; its pool opens new ones, as after every restore.
 */
export async function keepBootedDatabase(database: string, template: string): Promise<void> {
  await inMaintenance(async (client) => {
    const building = `${template}-building`
    await client.query(`alter database ${quote(database)} with allow_connections false`)
    try {
      await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database]
      )
      await client.query(`create database ${quote(building)} with template ${quote(database)}`)
    } catch (error) {
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error
      return
    } finally {
      await client.query(`alter database ${quote(database)} with allow_connections true`)
    }
    // Renamed once complete, so that no app copies a half-made template.
    await client
      .query(`alter database ${quote(building)} rename to ${quote(template)}`)
      .catch(async (error: { code?: string }) => {
        await client.query(`drop database if exists ${quote(building)}`)
        if (error.code !== DUPLICATE_DATABASE) throw error
      })
  })
}

/** Drops `database` (a template of a group of files, at its end). */
export async function dropDatabase(database: string): Promise<void> {
  await inMaintenance((client) => client.query(`drop database if exists ${quote(database)}`))
}
