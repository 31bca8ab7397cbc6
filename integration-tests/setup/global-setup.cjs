// Starts a throwaway Postgres for the integration tests, unless DB_HOST points to one already
// (lanes.mjs starts one for all the jest runs of `npm test`). The connection goes to process.env:
// jest starts its workers after this, and each inherits it.

module.exports = async function globalSetup() {
  const { newTestRun, startTestPostgres } = await import("./test-postgres.mjs")
  // Names what this run leaves in Postgres for its later test files
  // (integration-tests/setup/booted-database.ts); lanes.mjs names it once for all its runs, which
  // then share what each leaves (and lanes.mjs removes it at the end).
  globalThis.__FRETE_OWNS_RUN__ = !process.env.FRETE_TEST_RUN
  process.env.FRETE_TEST_RUN ||= newTestRun()
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
  const postgres = await startTestPostgres()
  globalThis.__FRETE_TEST_PG__ = postgres
  Object.assign(process.env, postgres.env)
}
