import fc from "fast-check"
import { QuoteCache, type QuoteCacheResult } from "../../quote-cache/quote-cache"

// ---- quote cache ----

interface Options {
  successTtlMs: number
  failureTtlMs: number
  staleTtlMs: number
}

type Outcome = { ok: true; value: string } | { ok: false }
type Op =
  { op: "get"; key: string; outcome: Outcome; callers: number } | { op: "advance"; ms: number } | { op: "clear" }

/** What callers of one get are answered. */
type Answer = { source: "cache" | "upstream" | "stale"; value: string; storedAt: number } | { source: "error" }
/** What one get should come to, by the documented rules: the answer, and whether it calls `load`. */
type Expected = Answer & { loads: boolean }

/**
 * The cache as its documentation describes it, written plainly, with room for every key (the bound
 * is the example specs'): a success is served while no older than successTtlMs; a failure is
 * remembered while no older than failureTtlMs, and answered, without a load, with the last success
 * younger than staleTtlMs, else thrown; else one load, whose success is kept and whose failure is
 * remembered and answered the same way.
 */
class Model {
  readonly successes = new Map<string, { value: string; storedAt: number }>()
  readonly failures = new Map<string, number>()
  constructor(private readonly options: Options) {}

  get(key: string, now: number, outcome: Outcome): Expected {
    const failedAt = this.failures.get(key)
    if (failedAt !== undefined && now - failedAt <= this.options.failureTtlMs)
      return { loads: false, ...this.staleOrError(key, now) }
    const success = this.successes.get(key)
    if (success && now - success.storedAt <= this.options.successTtlMs)
      return { loads: false, source: "cache", ...success }
    if (outcome.ok) {
      this.successes.set(key, { value: outcome.value, storedAt: now })
      return { loads: true, source: "upstream", value: outcome.value, storedAt: now }
    }
    this.failures.set(key, now)
    return { loads: true, ...this.staleOrError(key, now) }
  }

  clear() {
    this.successes.clear()
    this.failures.clear()
  }

  private staleOrError(key: string, now: number): Answer {
    const success = this.successes.get(key)
    return success && now - success.storedAt < this.options.staleTtlMs
      ? { source: "stale", ...success }
      : { source: "error" }
  }
}

const options: fc.Arbitrary<Options> = fc.record({
  // From 1 ms, as the options allow: the cache refuses 0, which lru-cache would read as "forever".
  successTtlMs: fc.integer({ min: 1, max: 1000 }),
  failureTtlMs: fc.integer({ min: 1, max: 1000 }),
  staleTtlMs: fc.integer({ min: 0, max: 3000 }),
})
const key = fc.constantFrom("a", "b", "c", "d", "e", "f")
const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ ok: fc.constant(true as const), value: fc.string({ maxLength: 3 }) }),
  fc.constant({ ok: false as const })
)
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant("get" as const),
      key,
      outcome,
      callers: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 20 })),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("advance" as const),
      ms: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 4000 })),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ op: "clear" as const }) }
)

class UpstreamError extends Error {}

/** A load the test settles when it chooses, counting its calls. */
function controlledLoad(outcome: Outcome) {
  let settle: () => void = () => undefined
  const gate = new Promise<void>((resolve) => {
    settle = resolve
  })
  const calls = { count: 0 }
  const load = async () => {
    calls.count++
    await gate
    if (!outcome.ok) throw new UpstreamError("upstream down")
    return { value: outcome.value, source: "upstream" as const }
  }
  return { load, calls, settle }
}

type Seen = { source: QuoteCacheResult<string>["source"]; value: string; storedAt: number } | { source: "error" }

async function settled(promise: Promise<QuoteCacheResult<string>>): Promise<Seen> {
  try {
    const result = await promise
    return { source: result.source, value: result.value, storedAt: result.storedAt }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    return { source: "error" }
  }
}

describe("QuoteCache (properties)", () => {
  it("behaves as its documented model for any stream of gets, clock moves and clears", async () => {
    await fc.assert(
      fc.asyncProperty(options, fc.array(op, { maxLength: 40 }), async (o, ops) => {
        let time = 1_000_000
        const cache = new QuoteCache<string>({ ...o, maxEntries: 6, now: () => time })
        const model = new Model(o)
        let loads = 0
        for (const step of ops) {
          if (step.op === "advance") time += step.ms
          else if (step.op === "clear") {
            cache.clear()
            model.clear()
          } else {
            const expected = model.get(step.key, time, step.outcome)
            // `callers` gets of one key at once: one load at most, one answer for all.
            const { load, calls, settle } = controlledLoad(step.outcome)
            const gets = Array.from({ length: step.callers }, () => settled(cache.get(step.key, load)))
            await Promise.resolve()
            expect(cache.stats().inFlight).toBe(expected.loads ? 1 : 0)
            settle()
            const seen = await Promise.all(gets)
            expect(calls.count).toBe(expected.loads ? 1 : 0)
            loads += calls.count
            const { loads: _loads, ...answer } = expected
            for (const each of seen) expect(each).toEqual(answer)
          }
          const stats = cache.stats()
          expect(stats.entries).toBe(model.successes.size)
          expect(stats.inFlight).toBe(0)
          expect(stats.loads).toBe(loads)
        }
      }),
      { numRuns: 100 }
    )
  })

  it("answers every caller of however many keys asked at once with its key's answer, one load per key while they fit the bound", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(key, { minLength: 1, maxLength: 60 }),
        async (maxEntries, keys) => {
          const cache = new QuoteCache<string>({
            maxEntries,
            successTtlMs: 600_000,
            failureTtlMs: 30_000,
            staleTtlMs: 21_600_000,
            now: () => 0,
          })
          const calls = new Map<string, number>()
          let release: () => void = () => undefined
          const gate = new Promise<void>((resolve) => {
            release = resolve
          })
          const gets = keys.map((k) =>
            cache.get(k, async () => {
              calls.set(k, (calls.get(k) ?? 0) + 1)
              await gate
              return { value: `quote-${k}`, source: "upstream" as const }
            })
          )
          release()
          const results = await Promise.all(gets)
          const distinct = new Set(keys)
          expect(results.map((result) => result.value)).toEqual(keys.map((k) => `quote-${k}`))
          expect(calls.size).toBe(distinct.size)
          const stats = cache.stats()
          expect(stats).toMatchObject({ inFlight: 0, entries: Math.min(maxEntries, distinct.size) })
          // Beyond the bound, a load evicted while in flight still answers its callers; a later caller of its key loads again.
          if (distinct.size <= maxEntries) expect(stats.loads).toBe(distinct.size)
        }
      ),
      { numRuns: 150 }
    )
  })
})
