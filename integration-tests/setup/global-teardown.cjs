const fs = require("node:fs")

module.exports = async function globalTeardown() {
  const started = globalThis.__FRETE_TEST_PG__
  if (!started) {
    return
  }
  await started.server.stop()
  fs.rmSync(started.dir, { recursive: true, force: true })
}
