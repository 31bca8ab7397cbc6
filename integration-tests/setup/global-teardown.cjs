const fs = require("node:fs")
const path = require("node:path")

module.exports = async function globalTeardown() {
  // The plugin's tarball, which this run's package files built and packed once (scripts/lib/installed-store.ts).
  if (process.env.FRETE_TEST_RUN) {
    fs.rmSync(path.join(__dirname, "..", "..", ".cache", `packed-${process.env.FRETE_TEST_RUN}`), { recursive: true, force: true })
  }
  const started = globalThis.__FRETE_TEST_PG__
  if (!started) {
    await dropBootedTemplates()
    return
  }
  await started.server.stop()
  fs.rmSync(started.dir, { recursive: true, force: true })
}

/** On a Postgres of one's own (DB_HOST set before the run), the booted databases this run kept. */
async function dropBootedTemplates() {
  const run = process.env.FRETE_TEST_RUN
  if (!run) {
    return
  }
  const { Client } = require("pg")
  const client = new Client({ host: process.env.DB_HOST, port: Number(process.env.DB_PORT ?? 5432), user: process.env.DB_USERNAME, password: process.env.DB_PASSWORD || undefined, database: "postgres" })
  await client.connect()
  try {
    const { rows } = await client.query("select datname from pg_database where datname like $1", [`frete-booted-${run}-%`])
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}"`)
    }
  } finally {
    await client.end()
  }
}
