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
  testSuite: freteCaseGroup({ ...checkoutFiles, ...freightFaultsFiles, ...trackingFiles, ...settingsAndStatusFiles }),
})
