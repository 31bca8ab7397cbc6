// The checkout files of a freight API that fails, hangs, is slow or is abused, each file's cases
// in its `x.cases.ts` with the options it shows (a deadline, the circuit breaker, the cache's
// lifetimes), put in force before its first test. The first two show one answer at a time, with
// the breaker off and a wide deadline: what they count (answers, facts, round trips) must not
// turn into fallback prices on a busy machine. One of the groups of store.spec.ts.
import type { FreteCaseFiles } from "../helpers/frete-runner"
import { burstCases, burstHangCases } from "./burst.cases"
import { failurePolicyCases } from "./failure-policy.cases"
import { learnedPricesCases } from "./learned-prices.cases"
import { outageAndAbuseCases } from "./outage-and-abuse.cases"
import { outageLogCases } from "./outage-log.cases"
import { quoteAnswersCases } from "./quote-answers.cases"
import { quotaGuardCases } from "./quota-guard.cases"
import { shopperFactsCases } from "./shopper-facts.cases"

const BREAKER_OFF = { freight: { timeoutMs: 10_000, circuitBreaker: { enabled: false } } }

export const freightFaultsFiles: FreteCaseFiles = {
  "quote-answers": { pluginOptions: BREAKER_OFF, cases: quoteAnswersCases },
  "shopper-facts": { pluginOptions: BREAKER_OFF, cases: shopperFactsCases },
  "failure-policy": failurePolicyCases,
  "outage-and-abuse": outageAndAbuseCases,
  "outage-log": outageLogCases,
  burst: burstCases,
  "burst (a hanging API)": burstHangCases,
  "quota-guard": quotaGuardCases,
  "learned-prices": learnedPricesCases,
}
