import type { ILockingModule } from "@medusajs/framework/types"
import { recordingLogger } from "../../__tests__/recording-logger"
import { ServerError } from "../../http/errors"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { freteSettingsSchema } from "../../settings/schema"
import { CheckoutQuoter } from "../../checkout/checkout-quoter"
import { LockWaitTimeout, readKeptQuote, type KeptQuote, type SharedQuoteTier } from "../shared-tier"
import { QUERY } from "../../checkout/__tests__/checkout-quoter.fixtures"

const NOW = new Date("2025-12-24T15:00:00Z")
const SUCCESS_TTL = 600_000
const CACHE_OPTIONS = { maxEntries: 10_000, successTtlMs: SUCCESS_TTL, failureTtlMs: 30_000, staleTtlMs: 21_600_000 }
const TIMEOUT = 2_500

const SETTINGS = freteSettingsSchema.parse({
  origin_cep: "01310-100",
  services: [{ metaname: "correios-pac", name: "PAC" }],
  fallback: [
    {
      service: "correios-pac",
      name: "PAC (tabela)",
      carrier: "correios",
      bands: [{ max_weight_kg: 5, price: 29.9, days: 6 }],
    },
  ],
})

const quoteAt = (priceCents: number): FreightQuote => ({
  consultaToken: `consulta-${priceCents}`,
  quotations: [
    {
      service: "correios-pac",
      serviceName: "PAC",
      carrier: "correios",
      priceCents,
      days: 7,
      code: null,
    },
  ],
})

/**
 * A shared tier as two instances would see Redis: one map of kept answers and one lock per key,
 * both shared by every quoter made over it. `failing` makes each operation throw; `contended`
 * settles once a quoter finds a key's lock held and starts waiting for it.
 */
function sharedStore() {
  const kept = new Map<string, unknown>()
  const locks = new Map<string, Promise<unknown>>()
  const failing = { read: false, write: false, lock: false }
  let waitStarted: () => void = () => undefined
  const contended = new Promise<void>((resolve) => (waitStarted = resolve))
  const tier: SharedQuoteTier = {
    async read(key) {
      if (failing.read) throw new Error("ECONNREFUSED 127.0.0.1:6379")
      return readKeptQuote(kept.get(key))
    },
    async write(key, value: KeptQuote) {
      if (failing.write) throw new Error("ECONNREFUSED 127.0.0.1:6379")
      kept.set(key, JSON.parse(JSON.stringify(value)))
    },
    async exclusive(key, waitMs, job) {
      if (failing.lock) throw new Error("ECONNREFUSED 127.0.0.1:6379")
      const held = locks.get(key)
      if (held) {
        waitStarted()
        const freed = await Promise.race([
          held.then(
            () => true,
            () => true
          ),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref()),
        ])
        if (!freed) throw new LockWaitTimeout(waitMs)
      }
      const run = job(!!held)
      locks.set(key, run)
      try {
        return await run
      } finally {
        if (locks.get(key) === run) locks.delete(key)
      }
    },
  }
  return { tier, kept, failing, contended }
}

/** One instance: its own in-process cache and freight client, over the shared tier given. */
function instance(tier: SharedQuoteTier | null, answer: () => Promise<FreightQuote>) {
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>(answer) }
  const logger = recordingLogger()
  const quoter = new CheckoutQuoter({
    cache: CACHE_OPTIONS,
    timeoutMs: TIMEOUT,
    freightClient: () => client as unknown as FreightClient,
    sharedTier: () => tier,
    logger,
    now: () => NOW,
  })
  return { quoter, client, logger }
}

/** Checkout's asker, which gives its Locking Module (the fake tier stands for its locks). */
const CHECKOUT = { locking: {} as ILockingModule }
const priceOf = async (quoter: CheckoutQuoter) =>
  (await quoter.offers(QUERY, null, SETTINGS, CHECKOUT)).offers.map((offer) => offer.amountCents)

describe("the quote cache's shared tier", () => {
  it("a query answered on one instance costs the other no call", async () => {
    const { tier } = sharedStore()
    const a = instance(tier, async () => quoteAt(2519))
    const b = instance(tier, async () => quoteAt(9999))
    expect(await priceOf(a.quoter)).toEqual([2519])
    const onB = await b.quoter.offers(QUERY, null, SETTINGS)
    expect(onB.offers.map((offer) => offer.amountCents)).toEqual([2519])
    expect(onB.source).toBe("shared")
    expect(a.client.quote).toHaveBeenCalledTimes(1)
    expect(b.client.quote).not.toHaveBeenCalled()
    expect(b.quoter.sharedStats()).toEqual({ hits: 1, waited: 0, errors: 0 })
    // B keeps it in its own process: the next price does not even read the shared tier.
    expect((await b.quoter.offers(QUERY, null, SETTINGS)).source).toBe("cache")
  })

  it("the same query asked on two instances at once makes one call; the other waits for its answer", async () => {
    const { tier, contended } = sharedStore()
    let release: (quote: FreightQuote) => void = () => undefined
    const slow = new Promise<FreightQuote>((resolve) => (release = resolve))
    const a = instance(tier, () => slow)
    const b = instance(tier, () => slow)
    const both = Promise.all([priceOf(a.quoter), priceOf(b.quoter)])
    await contended
    release(quoteAt(3100))
    expect(await both).toEqual([[3100], [3100]])
    const [caller, waiter] = a.client.quote.mock.calls.length ? [a, b] : [b, a]
    expect(caller.client.quote).toHaveBeenCalledTimes(1)
    expect(waiter.client.quote).not.toHaveBeenCalled()
    expect(caller.quoter.sharedStats()).toEqual({ hits: 0, waited: 0, errors: 0 })
    expect(waiter.quoter.sharedStats()).toEqual({ hits: 0, waited: 1, errors: 0 })
  })

  it("an instance whose wait for the other's call runs out answers from the fallback table, and asks again at once next time", async () => {
    const { tier, kept } = sharedStore()
    const hanging = new Promise<FreightQuote>(() => undefined)
    let called: () => void = () => undefined
    const aCalls = new Promise<void>((resolve) => (called = resolve))
    const a = instance(tier, () => {
      called()
      return hanging
    })
    const b = instance(tier, async () => quoteAt(4200))
    void a.quoter.offers(QUERY, null, SETTINGS, CHECKOUT)
    // A is inside its call, holding the query's lock.
    await aCalls
    const waiting = new CheckoutQuoter({
      cache: CACHE_OPTIONS,
      timeoutMs: 60,
      freightClient: () => b.client as unknown as FreightClient,
      sharedTier: () => tier,
      logger: b.logger,
      now: () => NOW,
    })
    const answer = await waiting.offers(QUERY, null, SETTINGS, CHECKOUT)
    expect(answer.source).toBe("fallback")
    expect(b.client.quote).not.toHaveBeenCalled()
    // The wait is not remembered as the query's failure: once an answer is kept, it is used.
    kept.set(waiting.keyOf(QUERY), { quote: quoteAt(4300), storedAt: Date.now() })
    expect((await waiting.offers(QUERY, null, SETTINGS, CHECKOUT)).offers.map((offer) => offer.amountCents)).toEqual([
      4300,
    ])
  })

  it("an answer kept longer ago than the success TTL, or not one of the plugin's, is a miss", async () => {
    const { tier, kept } = sharedStore()
    const a = instance(tier, async () => quoteAt(2519))
    kept.set(a.quoter.keyOf(QUERY), { quote: quoteAt(1), storedAt: Date.now() - SUCCESS_TTL - 1 })
    expect(await priceOf(a.quoter)).toEqual([2519])
    const b = instance(tier, async () => quoteAt(2600))
    kept.set(b.quoter.keyOf(QUERY), { quote: { consultaToken: 1, quotations: "no" }, storedAt: Date.now() })
    expect(await priceOf(b.quoter)).toEqual([2600])
    expect(readKeptQuote(null)).toBeNull()
    expect(readKeptQuote({ quote: quoteAt(5), storedAt: "yesterday" })).toBeNull()
  })

  it("a shared tier that fails is left out: the instance asks for itself, and says so once", async () => {
    const { tier, failing } = sharedStore()
    Object.assign(failing, { read: true, write: true, lock: true })
    const a = instance(tier, async () => quoteAt(2519))
    expect(await priceOf(a.quoter)).toEqual([2519])
    const other: FreightQuery = { ...QUERY, destinationCep: "30130010" }
    await a.quoter.offers(other, null, SETTINGS)
    expect(a.client.quote).toHaveBeenCalledTimes(2)
    expect(a.quoter.sharedStats()?.errors).toBeGreaterThanOrEqual(2)
    const warnings = a.logger.lines.filter((line) => line.includes("shared quote cache failed"))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/asks the freight API for itself/)
  })

  it("a failure of the freight API is not kept for the other instances", async () => {
    const { tier, kept } = sharedStore()
    const a = instance(tier, async () => {
      throw new ServerError("Freight API failed (HTTP 503)", { service: "freight", status: 503 })
    })
    expect((await a.quoter.offers(QUERY, null, SETTINGS)).source).toBe("fallback")
    expect(kept.size).toBe(0)
    const b = instance(tier, async () => quoteAt(2519))
    expect(await priceOf(b.quoter)).toEqual([2519])
  })

  it("without a shared tier, each instance asks for itself, as before", async () => {
    const a = instance(null, async () => quoteAt(2519))
    const b = instance(null, async () => quoteAt(2519))
    await priceOf(a.quoter)
    await priceOf(b.quoter)
    expect(a.client.quote).toHaveBeenCalledTimes(1)
    expect(b.client.quote).toHaveBeenCalledTimes(1)
    expect(a.quoter.sharedStats()).toBeNull()
  })
})
