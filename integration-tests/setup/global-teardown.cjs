// Stops what the global setup started, and removes what the run left, unless lanes.mjs runs it as
// one of several jest runs: lanes.mjs then does both once all of them are over.
module.exports = async function globalTeardown() {
  if (!globalThis.__FRETE_OWNS_RUN__) {
    return
  }
  const { removeRunLeftovers } = await import("./test-postgres.mjs")
  const started = globalThis.__FRETE_TEST_PG__
  await removeRunLeftovers(process.env.FRETE_TEST_RUN, { databases: !started })
  await started?.stop()
}
