import { localDateTime } from "../local-date-time"

describe("localDateTime", () => {
  it("writes São Paulo's wall clock as YYYY-MM-DDTHH:mm:ss, without an offset", () => {
    expect(localDateTime(new Date("2026-03-10T17:30:45Z"))).toBe("2026-03-10T14:30:45")
  })

  it("gives the previous day for a UTC instant that is still yesterday in São Paulo", () => {
    expect(localDateTime(new Date("2026-03-11T01:15:00Z"))).toBe("2026-03-10T22:15:00")
  })

  it("writes midnight as 00, not 24", () => {
    expect(localDateTime(new Date("2026-03-11T03:00:00Z"))).toBe("2026-03-11T00:00:00")
  })

  it("follows the zone's history: São Paulo kept daylight saving time (UTC-2) until 2019", () => {
    expect(localDateTime(new Date("2018-12-01T12:00:00Z"))).toBe("2018-12-01T10:00:00")
    expect(localDateTime(new Date("2019-12-01T12:00:00Z"))).toBe("2019-12-01T09:00:00")
  })

  it("drops milliseconds", () => {
    expect(localDateTime(new Date("2026-03-10T17:30:45.999Z"))).toBe("2026-03-10T14:30:45")
  })

  it("refuses an invalid Date with a RangeError", () => {
    expect(() => localDateTime(new Date("not a date"))).toThrow(RangeError)
  })
})
