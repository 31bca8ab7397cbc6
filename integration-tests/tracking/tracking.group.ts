// The tracking files, each file's cases in its `x.cases.ts`, against the sandbox's tracking API
// with TRACKING_CREDENTIAL: most with retries due almost at once, some with options of their own
// (a 4 s deadline, so that a hang becomes a failure within a test; a burst's sockets), put in
// force before their first test. Each file starts with the plugin's in-process state as a fresh
// process with its options has it (freteCaseGroup). One of the groups of store.spec.ts.
import { orderDeliveryCases } from "../checkout/order-delivery.cases"
import {
  configuredCases,
  type FreteCaseFiles,
  type FreteCases,
  type FreteConfiguredCases,
} from "../helpers/frete-runner"
import { TRACKING_CONFIG } from "../helpers/tracking-store"
import { freightStatsCases } from "./freight-stats.cases"
import { shipmentTrackingCases } from "./shipment-tracking.cases"
import { tracesCases } from "./traces.cases"
import { trackingBulkResendCases } from "./tracking-bulk-resend.cases"
import { trackingLeaseCases } from "./tracking-lease.cases"
import { trackingLinksCases } from "./tracking-links.cases"
import { TRACKING_FAULTS_TIMEOUT_MS, trackingFaultsCases } from "./tracking-faults.cases"
import { trackingOutboxCases } from "./tracking-outbox.cases"
import { trackingPersonalDataCases } from "./tracking-personal-data.cases"
import { trackingReconcileCases } from "./tracking-reconcile.cases"
import { trackingWalkReadsCases } from "./tracking-walk-reads.cases"

const SHORT_DEADLINE = {
  tracking: { ...TRACKING_CONFIG.pluginOptions.tracking, timeoutMs: TRACKING_FAULTS_TIMEOUT_MS },
}

/** A tracking file with TRACKING_CONFIG: its sandbox's credential, and its plugin options unless it gives its own. */
function tracked(file: FreteCases | FreteConfiguredCases): FreteConfiguredCases {
  const configured = configuredCases(file)
  return {
    pluginOptions: TRACKING_CONFIG.pluginOptions,
    ...configured,
    sandbox: { ...TRACKING_CONFIG.sandbox, ...configured.sandbox },
  }
}

export const trackingFiles: FreteCaseFiles = Object.fromEntries(
  Object.entries({
    "shipment-tracking": shipmentTrackingCases,
    "tracking-bulk-resend": trackingBulkResendCases,
    "tracking-reconcile": trackingReconcileCases,
    "tracking-walk-reads": trackingWalkReadsCases,
    "tracking-links": trackingLinksCases,
    "order-delivery": orderDeliveryCases,
    "tracking-faults": { pluginOptions: SHORT_DEADLINE, cases: trackingFaultsCases },
    "tracking-personal-data": { pluginOptions: SHORT_DEADLINE, cases: trackingPersonalDataCases },
    "tracking-outbox": trackingOutboxCases,
    "tracking-lease": trackingLeaseCases,
    traces: tracesCases,
    "freight-stats": freightStatsCases,
  } satisfies FreteCaseFiles).map(([title, file]) => [title, tracked(file)])
)
