// The integration tests' throwaway Postgres: started by jest's global setup for one jest run, or
// by lanes.mjs once for all the runs of `npm test`, so that a database one run migrated is a
// template the others copy (integration-tests/setup/booted-database.ts).
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { PG_PASSWORD, PG_USER, startPostgres } from "../../scripts/postgres.mjs"

// A throwaway cluster: nothing in it has to survive a crash, so it skips the disk flushes (test
// only: the demo's cluster keeps them). Every test restores its database from a template, a
// CREATE DATABASE that copies it through the WAL. The multi-instance specs add three servers' pools.
const TEST_ONLY_FLAGS = [
  ["fsync", "off"],
  ["synchronous_commit", "off"],
  ["full_page_writes", "off"],
  ["max_connections", "300"],
].flatMap(([name, value]) => ["-c", `${name}=${value}`])

// Where the cluster's files go: in memory (/dev/shm) when it has room, else the system's temporary
// folder. Every test restores its database with CREATE DATABASE, and the app's boot copies a
// template: thousands of small files made and removed each time. On a disk they cost about 1.3 s
// per restore even without flushes (ext4), in memory about 0.15 s.
const CLUSTER_ROOM = 2 * 1024 ** 3

function clusterFolder() {
  try {
    const { bavail, bsize } = fs.statfsSync("/dev/shm")
    if (bavail * bsize >= CLUSTER_ROOM) {
      return "/dev/shm"
    }
  } catch {
    // No /dev/shm (not Linux): the temporary folder.
  }
  return os.tmpdir()
}

/**
 * Starts a cluster in a new folder. Resolves to the DB_* variables that point at it (Medusa's
 * test runner and the tests' helpers read them) and `stop`, which stops it and removes the folder.
 */
export async function startTestPostgres() {
  const dir = fs.mkdtempSync(path.join(clusterFolder(), "frete-test-pg-"))
  const { server, port } = await startPostgres({ dir, flags: TEST_ONLY_FLAGS })
  return {
    env: { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: PG_USER, DB_PASSWORD: PG_PASSWORD },
    stop: async () => {
      await server.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A name for this run's leftovers (booted templates, the packed plugin): unique per `npm test`. */
export function newTestRun() {
  return Date.now().toString(36)
}

/**
 * What a run leaves, removed once it is over: the plugin's tarball its package files built and
 * packed once (scripts/lib/installed-store.ts), and on a Postgres of one's own (DB_HOST set
 * before the run) the databases it kept as templates. A throwaway cluster goes as a whole.
 */
export async function removeRunLeftovers(run, { databases }) {
  fs.rmSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", ".cache", `packed-${run}`), {
    recursive: true,
    force: true,
  })
  if (!databases) {
    return
  }
  const { default: pg } = await import("pg")
  const client = new pg.Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    const { rows } = await client.query("select datname from pg_database where datname like $1 or datname like $2", [
      `frete-booted-${run}-%`,
      `frete-served-${run}-%`,
    ])
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}"`)
    }
  } finally {
    await client.end()
  }
}
