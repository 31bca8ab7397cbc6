// The bad-input files on one booted app (they share its configuration): each file's cases are in
// its `x.cases.ts`, and each still makes its own store once, before its tests.
import { freteCaseGroup, freteIntegrationTestRunner } from "../../helpers/frete-runner"
import { BAD_INPUT_CONFIG } from "./bad-input-runner"
import { checkoutRoutesCases } from "./checkout-routes.cases"
import { everyPostRouteCases } from "./every-post-route.cases"
import { formBodiesCases } from "./form-bodies.cases"
import { missingDimensionsPagesCases } from "./missing-dimensions-pages.cases"
import { quotesForSaleCases } from "./quotes-for-sale.cases"
import { routeIdsCases } from "./route-ids.cases"
import { settingsAndConnectionCases } from "./settings-and-connection.cases"
import { storeQuotesCases } from "./store-quotes.cases"
import { trackingOrdersAndQueriesCases } from "./tracking-orders-and-queries.cases"

freteIntegrationTestRunner({
  ...BAD_INPUT_CONFIG,
  testSuite: freteCaseGroup({
    "checkout-routes": checkoutRoutesCases,
    "every-post-route": everyPostRouteCases,
    "form-bodies": formBodiesCases,
    "missing-dimensions-pages": missingDimensionsPagesCases,
    "quotes-for-sale": quotesForSaleCases,
    "route-ids": routeIdsCases,
    "settings-and-connection": settingsAndConnectionCases,
    "store-quotes": storeQuotesCases,
    "tracking-orders-and-queries": trackingOrdersAndQueriesCases,
  }),
})
