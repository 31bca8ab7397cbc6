// The tracking files that need a short deadline on the tracking API (1 s: a hang becomes a
// failure within a test) on one booted app, each file's cases in its `x.cases.ts`.
import { freteCaseGroup, freteIntegrationTestRunner } from "../helpers/frete-runner"
import { TRACKING_CONFIG } from "../helpers/tracking-store"
import { trackingFaultsCases } from "./tracking-faults.cases"
import { trackingPersonalDataCases } from "./tracking-personal-data.cases"

freteIntegrationTestRunner({
  ...TRACKING_CONFIG,
  pluginOptions: { tracking: { ...TRACKING_CONFIG.pluginOptions.tracking, timeoutMs: 1000 } },
  testSuite: freteCaseGroup({
    "tracking-faults": trackingFaultsCases,
    "tracking-personal-data": trackingPersonalDataCases,
  }),
})
