// The tracking files of one sandbox (its tracking API with TRACKING_CREDENTIAL) on one booted app,
// each file's cases in its `x.cases.ts`: most with retries due almost at once, some with options
// of their own (a 1 s deadline, so that a hang becomes a failure within a test; a burst's
// sockets), put in force before their first test. Each file starts with the plugin's in-process
// state as a fresh process with its options has it (freteCaseGroup). The crash file comes last:
// it starts and kills a second Medusa on the same database.
import { orderDeliveryCases } from "../checkout/order-delivery.cases"
import { freteCaseGroup, freteIntegrationTestRunner } from "../helpers/frete-runner"
import { TRACKING_CONFIG } from "../helpers/tracking-store"
import { shipmentTrackingCases } from "./shipment-tracking.cases"
import { trackingBulkResendCases } from "./tracking-bulk-resend.cases"
import { trackingCrashCases } from "./tracking-crash.cases"
import { trackingFaultsCases } from "./tracking-faults.cases"
import { trackingOutboxCases } from "./tracking-outbox.cases"
import { trackingPersonalDataCases } from "./tracking-personal-data.cases"
import { trackingReconcileCases } from "./tracking-reconcile.cases"
import { trackingWalkReadsCases } from "./tracking-walk-reads.cases"

jest.setTimeout(600_000)

const ONE_SECOND_DEADLINE = { tracking: { ...TRACKING_CONFIG.pluginOptions.tracking, timeoutMs: 1000 } }

freteIntegrationTestRunner({
  ...TRACKING_CONFIG,
  testSuite: freteCaseGroup({
    "shipment-tracking": shipmentTrackingCases,
    "tracking-bulk-resend": trackingBulkResendCases,
    "tracking-reconcile": trackingReconcileCases,
    "tracking-walk-reads": trackingWalkReadsCases,
    "order-delivery": orderDeliveryCases,
    "tracking-faults": { pluginOptions: ONE_SECOND_DEADLINE, cases: trackingFaultsCases },
    "tracking-personal-data": { pluginOptions: ONE_SECOND_DEADLINE, cases: trackingPersonalDataCases },
    "tracking-outbox": trackingOutboxCases,
    "tracking-crash": trackingCrashCases,
  }),
})
