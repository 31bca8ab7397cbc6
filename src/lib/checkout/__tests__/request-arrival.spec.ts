import { setTimeout as sleep } from "node:timers/promises"
import { epochOfHrtime, requestArrival, runFromArrival } from "../request-arrival"

describe("request arrival", () => {
  it("is unknown outside a request", () => {
    expect(requestArrival()).toBeUndefined()
  })

  it("follows the request's work through awaits, timers and promises it starts", async () => {
    const seen = await runFromArrival(async () => {
      const atOnce = requestArrival()
      await sleep(1)
      const afterTimer = requestArrival()
      const inChild = await Promise.resolve().then(() => requestArrival())
      return [atOnce, afterTimer, inChild]
    }, 1_000_000)
    expect(seen).toEqual([1_000_000, 1_000_000, 1_000_000])
  })

  it("keeps concurrent requests apart", async () => {
    const arrivalAfterWait = (at: number, waitMs: number) =>
      runFromArrival(async () => {
        await sleep(waitMs)
        return requestArrival()
      }, at)
    expect(await Promise.all([arrivalAfterWait(1, 3), arrivalAfterWait(2, 1)])).toEqual([1, 2])
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

  it("reads a real stamp of this process as a time no later than now", () => {
    const stamp = process.hrtime()
    const now = Date.now()
    const epoch = epochOfHrtime(stamp, now)
    expect(epoch).toBeLessThanOrEqual(now)
  })
})
