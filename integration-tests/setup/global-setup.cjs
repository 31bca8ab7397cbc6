// Starts a throwaway Postgres for the integration tests, unless DB_HOST points to one already.
// The connection goes to process.env: jest starts its workers after this, and each inherits it
// (a file would be shared by two jest runs at once, and point one of them at the other's cluster).
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

module.exports = async function globalSetup() {
  if (process.env.DB_HOST) {
    return
  }
  const { startPostgres, PG_USER, PG_PASSWORD } = await import("../../scripts/postgres.mjs")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "frete-test-pg-"))
  const { server, port } = await startPostgres({ dir })
  globalThis.__FRETE_TEST_PG__ = { server, dir }
  Object.assign(process.env, { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: PG_USER, DB_PASSWORD: PG_PASSWORD })
}
