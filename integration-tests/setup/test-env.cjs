// Runs before each integration test file. @medusajs/test-utils reads DB_* once, when it is loaded:
// they come from jest's global setup, through the environment this worker inherited.
if (!process.env.DB_HOST) {
  throw new Error(
    "DB_HOST is not set: the integration tests need jest's global setup (npm test) or a Postgres of your own"
  )
}

// Medusa logs every migration at "info": keep the test output to what goes wrong.
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "warn"
