import { sharedFlight } from "../shared-flight"

describe("sharedFlight", () => {
  it("runs one load for the calls of the same key that overlap, and a new one after it settled", async () => {
    const flight = sharedFlight<number>()
    let loads = 0
    let release: (value: number) => void = () => undefined
    const load = () => {
      loads += 1
      return new Promise<number>((resolve) => (release = resolve))
    }
    const together = [flight("a", load), flight("a", load)]
    const other = flight("b", () => Promise.resolve(7))
    release(42)
    expect({ together: await Promise.all(together), other: await other, loads }).toEqual({ together: [42, 42], other: 7, loads: 1 })
    const after = flight("a", () => Promise.resolve(43))
    expect(await after).toBe(43)
  })

  it("gives every caller of a failed load its error, and forgets it", async () => {
    const flight = sharedFlight<number>()
    const failing = () => Promise.reject(new Error("database down"))
    const outcomes = await Promise.allSettled([flight("a", failing), flight("a", failing)])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"])
    expect(await flight("a", () => Promise.resolve(1))).toBe(1)
  })
})
