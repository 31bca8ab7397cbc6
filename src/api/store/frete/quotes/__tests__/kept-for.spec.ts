import { keptFor } from "../quote-request"

describe("keptFor", () => {
  it("runs one load for the calls of a key that overlap, and keeps its answer for the next", async () => {
    const kept = keptFor<{ n: number }>(60_000)
    let loads = 0
    let release: (value: { n: number }) => void = () => undefined
    const load = () => {
      loads += 1
      return new Promise<{ n: number }>((resolve) => (release = resolve))
    }
    const together = [kept("a", load), kept("a", load)]
    const other = kept("b", () => Promise.resolve({ n: 7 }))
    release({ n: 42 })
    expect({ together: await Promise.all(together), other: await other, loads }).toEqual({
      together: [{ n: 42 }, { n: 42 }],
      other: { n: 7 },
      loads: 1,
    })
    expect(await kept("a", () => Promise.resolve({ n: 43 }))).toEqual({ n: 42 })
  })

  it("loads again once the answer is older than its lifetime", async () => {
    let time = 1_000
    const kept = keptFor<{ n: number }>(10_000, () => time)
    expect(await kept("a", () => Promise.resolve({ n: 1 }))).toEqual({ n: 1 })
    time += 9_999
    expect(await kept("a", () => Promise.resolve({ n: 2 }))).toEqual({ n: 1 })
    time += 2
    expect(await kept("a", () => Promise.resolve({ n: 3 }))).toEqual({ n: 3 })
  })

  it("gives every caller of a failed load its error, and keeps nothing of it", async () => {
    const kept = keptFor<{ n: number }>(60_000)
    const failing = () => Promise.reject(new Error("database down"))
    const outcomes = await Promise.allSettled([kept("a", failing), kept("a", failing)])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"])
    expect(await kept("a", () => Promise.resolve({ n: 1 }))).toEqual({ n: 1 })
  })
})
