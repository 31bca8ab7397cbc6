// Checkout files of the default configuration (no plugin options, the sandbox's defaults) on one
// booted app: each file's cases are in its `x.cases.ts`. They share the plugin's quote cache, so no
// two of them price the same query and count the freight calls (storefront-flow.spec.ts does, after
// quote-route-options: it stays a file of its own). The storefront-server file comes last: its
// sixty shoppers fill this process's per-client bound of quotes for the minute.
import { demoSeedAndPlayCases } from "../demo/demo-seed-and-play.cases"
import { freteCaseGroup, freteIntegrationTestRunner } from "../helpers/frete-runner"
import { quoteRouteOptionsCases } from "./quote-route-options.cases"
import { storefrontServerCases } from "./storefront-server.cases"

freteIntegrationTestRunner({
  testSuite: freteCaseGroup({
    "quote-route-options": quoteRouteOptionsCases,
    "demo-seed-and-play": demoSeedAndPlayCases,
    "storefront-server": storefrontServerCases,
  }),
})
