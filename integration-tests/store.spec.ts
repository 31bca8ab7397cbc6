// The store's checkout, tracking and settings on one booted app: the checkout files with the
// freight API answering, the files of a freight API that fails or is abused, the tracking files,
// and the files of the settings, the credentials and the status route, each group's files in its
// `x.group.ts`. One boot for all of them (an app's boot and teardown in the test process cost
// about 15 s on a busy machine); each file still gets the plugin options, the FRETE_* variables
// and the sandbox it shows, put in force before its first test (freteCaseGroup), and its own store.
// First: the delivery job's schedule is read when its file is first loaded (see the module).
import { DELIVERY_JOB_SECONDS } from "./helpers/delivery-job-by-hand"
import { config as deliveryJob } from "../src/jobs/deliver-tracking-orders"
import { settingsAndStatusFiles } from "./admin/settings-and-status.group"
import { checkoutFiles } from "./checkout/checkout.group"
import { freightFaultsFiles } from "./checkout/freight-faults.group"
import { freteCaseGroup, freteIntegrationTestRunner } from "./helpers/frete-runner"
import { trackingFiles } from "./tracking/tracking.group"

jest.setTimeout(600_000)

// What the files are not about, made sure on a busy machine (CI runs this beside a lane of Medusa
// servers, Chromium and a build, on two cores):
// - the delivery job runs when a test calls it, not on Medusa's schedule (every minute on the
//   minute), which would send a row in the middle of a test that checks its in-between state. The
//   job file Medusa registers is the one imported here: had it been loaded before the variable was
//   set, the test files would fail here at once rather than now and then.
beforeAll(() => {
  if (JSON.stringify(deliveryJob.schedule) !== JSON.stringify({ interval: DELIVERY_JOB_SECONDS * 1000 })) {
    throw new Error(
      `The delivery job runs on Medusa's schedule (${JSON.stringify(deliveryJob.schedule)}): import helpers/delivery-job-by-hand first`
    )
  }
})

freteIntegrationTestRunner({
  // - a quote's deadline of 10 s, not the default 2.5 s from the request's arrival: Medusa's own
  //   part of a checkout request in this process, not the API, would otherwise price a test's cart
  //   from the fallback table now and then. The files that prove the deadline give their own.
  pluginOptions: { freight: { timeoutMs: 10_000 } },
  testSuite: freteCaseGroup({ ...checkoutFiles, ...freightFaultsFiles, ...trackingFiles, ...settingsAndStatusFiles }),
})
