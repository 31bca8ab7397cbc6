// The checkout files that show one answer at a time with the circuit breaker off (the breaker is
// outage-and-abuse.spec.ts's and burst.spec.ts's) on one booted app, each file's cases in its
// `x.cases.ts`. The deadline is wide: what they count (answers, facts, round trips) must not turn
// into fallback prices on a busy machine.
import { freteCaseGroup, freteIntegrationTestRunner } from "../helpers/frete-runner"
import { coldQuoteRoundTripsCases } from "./cold-quote-round-trips.cases"
import { quoteAnswersCases } from "./quote-answers.cases"
import { shopperFactsCases } from "./shopper-facts.cases"

freteIntegrationTestRunner({
  pluginOptions: { freight: { timeoutMs: 10_000, circuitBreaker: { enabled: false } } },
  testSuite: freteCaseGroup({
    "quote-answers": quoteAnswersCases,
    "shopper-facts": shopperFactsCases,
    "cold-quote-round-trips": coldQuoteRoundTripsCases,
  }),
})
