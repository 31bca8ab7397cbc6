// The tracking files of one configuration (the sandbox's tracking API with TRACKING_CREDENTIAL,
// retries due almost at once) on one booted app: each file's cases are in its `x.cases.ts`, and
// each starts with the plugin's in-process state as a fresh process has it (freteCaseGroup). The
// crash file comes last: it starts and kills a second Medusa on the same database.
import { orderDeliveryCases } from "../checkout/order-delivery.cases"
import { freteCaseGroup, freteIntegrationTestRunner } from "../helpers/frete-runner"
import { TRACKING_CONFIG } from "../helpers/tracking-store"
import { shipmentTrackingCases } from "./shipment-tracking.cases"
import { trackingBulkResendCases } from "./tracking-bulk-resend.cases"
import { trackingCrashCases } from "./tracking-crash.cases"
import { trackingReconcileCases } from "./tracking-reconcile.cases"
import { trackingWalkReadsCases } from "./tracking-walk-reads.cases"

freteIntegrationTestRunner({
  ...TRACKING_CONFIG,
  testSuite: freteCaseGroup({
    "shipment-tracking": shipmentTrackingCases,
    "tracking-bulk-resend": trackingBulkResendCases,
    "tracking-reconcile": trackingReconcileCases,
    "tracking-walk-reads": trackingWalkReadsCases,
    "order-delivery": orderDeliveryCases,
    "tracking-crash": trackingCrashCases,
  }),
})
