// Loaded in every test file (jest setupFilesAfterEnv). fast-check draws a new random seed for each
// property and prints it when the property fails ("{ seed: -1819918769, path: "2:0", ... }"):
// `FRETE_FC_SEED=-1819918769 npm run test:unit -- <file>` replays that run's values exactly.
// fast-check is loaded only then: most files have no property, and each file loads its modules anew.
const seed = process.env.FRETE_FC_SEED
if (seed !== undefined && seed !== "") {
  const parsed = Number(seed)
  if (!Number.isSafeInteger(parsed)) {
    throw new Error(`FRETE_FC_SEED must be the integer a failed property printed, not "${seed}"`)
  }
  // Loaded only when a seed is given, in the test's own module registry (the one the properties use).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fc: typeof import("fast-check") = require("fast-check")
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: parsed })
}

export {}
