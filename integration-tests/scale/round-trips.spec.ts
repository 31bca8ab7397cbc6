// The round trips of a quote in the configuration the docs recommend for production: this file's
// app runs Medusa's Redis modules on a Redis of its own, with the plugin's default settings refresh.
import { startRedis, type TestRedis } from "../../test-support/redis"
import { coldQuoteRoundTripsCases } from "../checkout/cold-quote-round-trips.cases"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

jest.setTimeout(300_000)

let redis: TestRedis | undefined

// Before the runner's own hooks: the app reads REDIS_URL when it loads medusa-config.ts.
beforeAll(async () => {
  redis = await startRedis()
  process.env.REDIS_URL = redis.url
})
afterAll(async () => {
  await redis?.stop()
})

freteIntegrationTestRunner({
  // The breaker off and a wide deadline: what is counted must not turn into fallback prices on a busy machine.
  pluginOptions: { freight: { timeoutMs: 10_000, circuitBreaker: { enabled: false } } },
  testSuite: coldQuoteRoundTripsCases,
})
