// The checkout files of a freight API that fails, hangs, is slow or is abused, each file's cases
// in its `x.cases.ts` with the options it shows (a deadline, the circuit breaker, the cache's
// lifetimes), put in force before its first test. The first three show one answer at a time, with
// the breaker off and a wide deadline: what they count (answers, facts, round trips) must not
// turn into fallback prices on a busy machine. One of the groups of store.spec.ts.
import type { FreteCaseFiles } from "../helpers/frete-runner"
import { burstCases, burstHangCases } from "./burst.cases"
import { coldQuoteRoundTripsCases } from "./cold-quote-round-trips.cases"
import { failurePolicyCases } from "./failure-policy.cases"
import { outageAndAbuseCases } from "./outage-and-abuse.cases"
import { quoteAnswersCases } from "./quote-answers.cases"
import { quotaGuardCases } from "./quota-guard.cases"
import { shopperFactsCases } from "./shopper-facts.cases"

const BREAKER_OFF = { freight: { timeoutMs: 10_000, circuitBreaker: { enabled: false } } }

export const freightFaultsFiles: FreteCaseFiles = {
  "quote-answers": { pluginOptions: BREAKER_OFF, cases: quoteAnswersCases },
  "shopper-facts": { pluginOptions: BREAKER_OFF, cases: shopperFactsCases },
  // The settings are read again every `settingsRefreshMs` whatever the quotes: a read that falls
  // due between a test's warm-up and its cold request (2 s by default, often on a busy machine)
  // is not the cold quote's cost, so none falls due in this file.
  "cold-quote-round-trips": { pluginOptions: { ...BREAKER_OFF, settingsRefreshMs: 600_000 }, cases: coldQuoteRoundTripsCases },
  "failure-policy": failurePolicyCases,
  "outage-and-abuse": outageAndAbuseCases,
  burst: burstCases,
  "burst (a hanging API)": burstHangCases,
  "quota-guard": quotaGuardCases,
}
