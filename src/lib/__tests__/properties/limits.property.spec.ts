import fc from "fast-check"
import { QuoteCache, type QuoteCacheResult } from "../../quote-cache/quote-cache"

// ---- quote cache ----

interface Options {
  maxEntries: number
  successTtlMs: number
  failureTtlMs: number
  staleTtlMs: number
}

type Outcome = { ok: true; value: string } | { ok: false }
type Op =
  | { op: "get"; key: string; outcome: Outcome; callers: number }
  | { op: "advance"; ms: number }
  | { op: "delete"; key: string }
  | { op: "clear" }

/** What callers of one get are answered. */
type Answer = { source: "cache" | "upstream" | "stale"; value: string; storedAt: number } | { source: "error" }
/** What one get should come to, by the documented rules: the answer, and whether it calls `load`. */
type Expected = Answer & { loads: boolean }

interface ModelEntry {
  success?: { value: string; storedAt: number }
  failure?: { failedAt: number }
}

/**
 * The cache as its documentation describes it, written plainly: a fresh success is served; a
 * remembered failure answers stale or throws without loading; else one load, whose success is
 * stored and whose failure is remembered and answered with the last success younger than
 * staleTtlMs. Least recently used keys are evicted beyond maxEntries.
 */
class Model {
  readonly entries = new Map<string, ModelEntry>()
  constructor(private readonly options: Options) {}

  get(key: string, now: number, outcome: Outcome): Expected {
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    if (entry?.success && now - entry.success.storedAt < this.options.successTtlMs) {
      return { loads: false, source: "cache", ...entry.success }
    }
    if (entry?.failure && now - entry.failure.failedAt < this.options.failureTtlMs) {
      return { loads: false, ...this.staleOrError(entry.success, now) }
    }
    if (outcome.ok) {
      this.store(key, { success: { value: outcome.value, storedAt: now } })
      return { loads: true, source: "upstream", value: outcome.value, storedAt: now }
    }
    const success = this.entries.get(key)?.success
    this.store(key, { success, failure: { failedAt: now } })
    return { loads: true, ...this.staleOrError(success, now) }
  }

  private staleOrError(success: ModelEntry["success"], now: number): Answer {
    return success && now - success.storedAt < this.options.staleTtlMs ? { source: "stale", ...success } : { source: "error" }
  }

  private store(key: string, entry: ModelEntry) {
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
  }
}

const options: fc.Arbitrary<Options> = fc.record({
  maxEntries: fc.integer({ min: 1, max: 4 }),
  // From 1 ms, as the options allow: the cache refuses 0, which lru-cache would read as "forever".
  successTtlMs: fc.integer({ min: 1, max: 1000 }),
  failureTtlMs: fc.integer({ min: 1, max: 1000 }),
  staleTtlMs: fc.integer({ min: 0, max: 3000 }),
})
const key = fc.constantFrom("a", "b", "c", "d", "e", "f")
const outcome: fc.Arbitrary<Outcome> = fc.oneof(fc.record({ ok: fc.constant(true as const), value: fc.string({ maxLength: 3 }) }), fc.constant({ ok: false as const }))
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constant("get" as const), key, outcome, callers: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 20 })) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant("advance" as const), ms: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 4000 })) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), key }) },
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
    return outcome.value
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
  it("behaves as its documented model for any stream of gets, clock moves, deletes and clears", async () => {
    await fc.assert(
      fc.asyncProperty(options, fc.array(op, { maxLength: 40 }), async (o, ops) => {
        let time = 1_000_000
        const cache = new QuoteCache<string>({ ...o, now: () => time })
        const model = new Model(o)
        let loads = 0
        for (const step of ops) {
          if (step.op === "advance") time += step.ms
          else if (step.op === "delete") {
            cache.delete(step.key)
            model.entries.delete(step.key)
          } else if (step.op === "clear") {
            cache.clear()
            model.entries.clear()
          } else {
            const expected = model.get(step.key, time, step.outcome)
            expect(cache.wouldLoad(step.key)).toBe(expected.loads)
            // `callers` gets of one key at once: one load at most, one answer for all.
            const { load, calls, settle } = controlledLoad(step.outcome)
            const gets = Array.from({ length: step.callers }, () => settled(cache.get(step.key, load)))
            await Promise.resolve()
            if (expected.loads) {
              expect(cache.wouldLoad(step.key)).toBe(false)
              expect(cache.stats().inFlight).toBe(1)
            }
            settle()
            const seen = await Promise.all(gets)
            expect(calls.count).toBe(expected.loads ? 1 : 0)
            loads += calls.count
            const { loads: _loads, ...answer } = expected
            for (const each of seen) expect(each).toEqual(answer)
            if (answer.source === "stale") expect(time - answer.storedAt).toBeLessThan(o.staleTtlMs)
            if (answer.source === "cache") expect(time - answer.storedAt).toBeLessThan(o.successTtlMs)
          }
          const stats = cache.stats()
          expect(stats.entries).toBeLessThanOrEqual(o.maxEntries)
          expect(stats.entries).toBe(model.entries.size)
          expect(stats.inFlight).toBe(0)
          expect(stats.loads).toBe(loads)
        }
      }),
      { numRuns: 100 }
    )
  })

  it("makes one load per key however many callers of however many keys ask at once, and bounds the entries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(key, { minLength: 1, maxLength: 60 }), async (maxEntries, keys) => {
        const cache = new QuoteCache<string>({ maxEntries, successTtlMs: 600_000, failureTtlMs: 30_000, staleTtlMs: 21_600_000, now: () => 0 })
        const calls = new Map<string, number>()
        let release: () => void = () => undefined
        const gate = new Promise<void>((resolve) => {
          release = resolve
        })
        const gets = keys.map((k) =>
          cache.get(k, async () => {
            calls.set(k, (calls.get(k) ?? 0) + 1)
            await gate
            return `quote-${k}`
          })
        )
        release()
        const results = await Promise.all(gets)
        const distinct = new Set(keys)
        expect([...calls.entries()].filter(([, count]) => count !== 1)).toEqual([])
        expect(calls.size).toBe(distinct.size)
        expect(results.map((result) => result.value)).toEqual(keys.map((k) => `quote-${k}`))
        expect(cache.stats()).toMatchObject({ loads: distinct.size, inFlight: 0, entries: Math.min(maxEntries, distinct.size) })
      }),
      { numRuns: 150 }
    )
  })
})
