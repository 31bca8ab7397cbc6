const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true, tsx: true },
        transform: { react: { runtime: "automatic" } },
        target: "es2021",
      },
    },
  ],
}

const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["<rootDir>/dist/", "<rootDir>/.medusa/", "<rootDir>/.demo/"],
}

module.exports = {
  // Each test file in a fresh worker process: two Medusa apps booted in one process collide
  // ("Map.prototype.set called on incompatible receiver"). A memory limit this small makes jest
  // replace the worker after every file, and makes it use workers at all. Apps in two worker
  // processes do not collide (distinct database names, free ports): `npm run test:unit` runs on
  // two workers, and `npm run test:integration` runs two jest runs side by side
  // (integration-tests/setup/lanes.mjs), one worker each.
  maxWorkers: 1,
  workerIdleMemoryLimit: "1MB",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.spec.[jt]s",
        "<rootDir>/sandbox/**/__tests__/**/*.spec.[jt]s",
        "<rootDir>/test-support/**/__tests__/**/*.spec.[jt]s",
        "<rootDir>/storefront/**/__tests__/**/*.spec.[jt]s?(x)",
      ],
      setupFilesAfterEnv: [
        "<rootDir>/test-support/log-guard.setup.ts",
        "<rootDir>/test-support/property-seed.setup.ts",
      ],
    },
    {
      ...common,
      displayName: "integration",
      testMatch: ["<rootDir>/integration-tests/**/*.spec.[jt]s"],
      globalSetup: "<rootDir>/integration-tests/setup/global-setup.cjs",
      globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.cjs",
      setupFiles: ["<rootDir>/integration-tests/setup/test-env.cjs"],
      setupFilesAfterEnv: [
        "<rootDir>/integration-tests/setup/timeouts.cjs",
        "<rootDir>/test-support/log-guard.setup.ts",
        "<rootDir>/test-support/property-seed.setup.ts",
      ],
    },
  ],
}
