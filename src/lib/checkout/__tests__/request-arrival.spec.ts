import { setTimeout as timer } from "node:timers/promises"
import { epochOfHrtime, requestArrival, runFromArrival } from "../request-arrival"

describe("request arrival", () => {
  it("is unknown outside a request", () => {
    expect(requestArrival()).toBeUndefined()
  })

  it("follows the request's work through awaits, timers and promises it starts", async () => {
    const seen = await runFromArrival(async () => {
      const atOnce = requestArrival()
      // A real timer: the arrival must cross one, as a freight call's timeout does.
      await timer()
      const afterTimer = requestArrival()
      const inChild = await Promise.resolve().then(() => requestArrival())
      return [atOnce, afterTimer, inChild]
    }, 1_000_000)
    expect(seen).toEqual([1_000_000, 1_000_000, 1_000_000])
  })

  it("keeps concurrent requests apart", async () => {
    // The first request reads its arrival only once the second has read its own and let it go.
    let releaseFirst: () => void = () => undefined
    const secondHasRead = new Promise<void>((resolve) => (releaseFirst = resolve))
    const first = runFromArrival(async () => {
      await secondHasRead
      return requestArrival()
    }, 1)
    const second = runFromArrival(async () => {
      await timer()
      const arrival = requestArrival()
      releaseFirst()
      return arrival
    }, 2)
    expect(await Promise.all([first, second])).toEqual([1, 2])
    expect(requestArrival()).toBeUndefined()
  })

  it("reads a process.hrtime() stamp as a Date.now() time", () => {
    const elapsed = (): [number, number] => [1, 250_000_000]
    expect(epochOfHrtime([123, 456], 10_000, elapsed)).toBe(8_750)
  })

  it("reads anything else as no stamp", () => {
    for (const stamp of [undefined, null, 5, "1,2", [1], [1, 2, 3], [Number.NaN, 1], [-1, 0]]) {
      expect(epochOfHrtime(stamp, 10_000, () => [0, 0])).toBeUndefined()
    }
  })

  it("reads a real stamp of this process as the time it was taken", () => {
    const before = Date.now()
    const stamp = process.hrtime()
    const epoch = epochOfHrtime(stamp)
    // Between the clock read just before the stamp and now; the second of slack only absorbs a
    // pause of the process, while a stamp misread (nanoseconds as milliseconds, seconds dropped) is
    // off by far more.
    expect(epoch).toBeGreaterThan(before - 1_000)
    expect(epoch).toBeLessThanOrEqual(Date.now())
  })
})
