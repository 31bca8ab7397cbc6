// Runs before each integration test file: points @medusajs/test-utils at the test database.
const fs = require("node:fs")
const path = require("node:path")

const connection = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", ".cache", "test-db.json"), "utf8"))
if (!connection.external) {
  Object.assign(process.env, connection)
}

// Medusa logs every migration at "info": keep the test output to what goes wrong.
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "warn"
