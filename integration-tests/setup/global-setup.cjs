// Starts a throwaway Postgres for the integration tests, unless DB_HOST points to one already.
// The connection goes to process.env: jest starts its workers after this, and each inherits it
// (a file would be shared by two jest runs at once, and point one of them at the other's cluster).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

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

module.exports = async function globalSetup() {
  // Names what this run leaves in Postgres for its later test files (integration-tests/setup/booted-database.ts).
  process.env.FRETE_TEST_RUN = Date.now().toString(36)
  // Medusa's telemetry, on unless a machine's Medusa config turns it off, queues an event per app
  // boot and CLI command in ~/.config/medusa and forks a process that reads the whole queue to
  // post it. With no network (CI) nothing is ever posted: the queue grows with every boot, and
  // each of those processes reads all of it (876 MB on this project's test machine after a few
  // days, each reader taking a core meanwhile). The test workers, their apps and the servers they
  // start inherit this.
  process.env.MEDUSA_DISABLE_TELEMETRY = "true"
  if (process.env.DB_HOST) {
    return
  }
  const { startPostgres, PG_USER, PG_PASSWORD } = await import("../../scripts/postgres.mjs")
  const dir = fs.mkdtempSync(path.join(clusterFolder(), "frete-test-pg-"))
  const { server, port } = await startPostgres({ dir, flags: TEST_ONLY_FLAGS })
  globalThis.__FRETE_TEST_PG__ = { server, dir }
  Object.assign(process.env, { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: PG_USER, DB_PASSWORD: PG_PASSWORD })
}
