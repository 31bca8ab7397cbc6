// Starts a throwaway Postgres for the integration tests, unless DB_HOST points to one already.
// @medusajs/test-utils reads DB_* once when it is loaded: database-env.cjs sets them in every
// test file from the file written here.
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

const CONNECTION_FILE = path.join(__dirname, "..", "..", ".cache", "test-db.json")

module.exports = async function globalSetup() {
  fs.mkdirSync(path.dirname(CONNECTION_FILE), { recursive: true })
  if (process.env.DB_HOST) {
    fs.writeFileSync(CONNECTION_FILE, JSON.stringify({ external: true }))
    return
  }
  const { startPostgres, PG_USER, PG_PASSWORD } = await import("../../scripts/postgres.mjs")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "frete-test-pg-"))
  const { server, port } = await startPostgres({ dir })
  globalThis.__FRETE_TEST_PG__ = { server, dir }
  const connection = { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: PG_USER, DB_PASSWORD: PG_PASSWORD }
  fs.writeFileSync(CONNECTION_FILE, JSON.stringify(connection))
  Object.assign(process.env, connection)
}
