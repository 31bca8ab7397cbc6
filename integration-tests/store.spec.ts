// The store's checkout, tracking and settings on one booted app: the checkout files with the
// freight API answering, the files of a freight API that fails or is abused, the tracking files,
// and the files of the settings, the credentials and the status route, each group's files in its
// `x.group.ts`. One boot for all of them (an app's boot and teardown in the test process cost
// about 15 s on a busy machine); each file still gets the plugin options, the FRETE_* variables
// and the sandbox it shows, put in force before its first test (freteCaseGroup), and its own store.
import { settingsAndStatusFiles } from "./admin/settings-and-status.group"
import { checkoutFiles } from "./checkout/checkout.group"
import { freightFaultsFiles } from "./checkout/freight-faults.group"
import { freteCaseGroup, freteIntegrationTestRunner } from "./helpers/frete-runner"
import { trackingFiles } from "./tracking/tracking.group"

jest.setTimeout(600_000)

freteIntegrationTestRunner({
  // What the files are not about, made sure on a busy machine (CI runs this beside a lane of
  // Medusa servers, Chromium and a build, on two cores):
  // - a quote's deadline of 10 s, not the default 2.5 s from the request's arrival: Medusa's own
  //   part of a checkout request in this process, not the API, would otherwise price a test's cart
  //   from the fallback table now and then. The files that prove the deadline give their own.
  pluginOptions: { freight: { timeoutMs: 10_000 } },
  // - the delivery job run by the tests, never by Medusa's schedule (every minute on the minute):
  //   a scheduled run in the middle of a test would send a row whose in-between state it checks.
  env: { FRETE_TRACKING_JOB_SECONDS: "3600" },
  testSuite: freteCaseGroup({ ...checkoutFiles, ...freightFaultsFiles, ...trackingFiles, ...settingsAndStatusFiles }),
})
