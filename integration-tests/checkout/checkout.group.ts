// The checkout files that price with the freight API answering (the sandbox's defaults), each
// file's cases in its `x.cases.ts`: most on the default options, three on options of their own
// (store units, settings read again at once or soon), put in force before their first test. Each
// file starts with the plugin's in-process state as a fresh process with its options has it
// (freteCaseGroup), so freight-call counts of one do not see another's answers. One of the groups
// of store.spec.ts.
import { demoSeedAndPlayCases } from "../demo/demo-seed-and-play.cases"
import type { FreteCaseFiles } from "../helpers/frete-runner"
import { draftOrdersCases } from "../order-flows/draft-orders.cases"
import { exchangesAndClaimsCases } from "../order-flows/exchanges-and-claims.cases"
import { factsFromAnEventCases } from "../order-flows/facts-from-an-event.cases"
import { handlingDaysCases } from "../order-flows/handling-days.cases"
import { returnsCases } from "../order-flows/returns.cases"
import { freeFreightCases } from "./free-freight.cases"
import { freightSimulatorCases } from "./freight-simulator.cases"
import { quoteRouteOptionsCases } from "./quote-route-options.cases"
import { rulesCases } from "./rules.cases"
import { settingsBlipCases } from "./settings-blip.cases"
import { settingsLockCases } from "./settings-lock.cases"
import { storefrontFlowCases } from "./storefront-flow.cases"
import { storefrontServerCases } from "./storefront-server.cases"
import { unitsAndRulesCases } from "./units-and-rules.cases"

export const checkoutFiles: FreteCaseFiles = {
  "quote-route-options": quoteRouteOptionsCases,
  "storefront-flow": storefrontFlowCases,
  "free-freight": freeFreightCases,
  "demo-seed-and-play": demoSeedAndPlayCases,
  "storefront-server": storefrontServerCases,
  "order-flows/draft-orders": draftOrdersCases,
  "order-flows/exchanges-and-claims": exchangesAndClaimsCases,
  "order-flows/facts-from-an-event": factsFromAnEventCases,
  "order-flows/handling-days": handlingDaysCases,
  "order-flows/returns": returnsCases,
  "units-and-rules": unitsAndRulesCases,
  "settings-blip": settingsBlipCases,
  "settings-lock": settingsLockCases,
  "freight-simulator": freightSimulatorCases,
  rules: rulesCases,
}
