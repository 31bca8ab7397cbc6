import { OriginWatch } from "../origin-watch"

describe("OriginWatch", () => {
  const at = new Date("2026-11-22T12:00:00Z")

  it("tells the caller to log a refused origin once, and shows it until the service answers", () => {
    const watch = new OriginWatch()
    expect(watch.current()).toBeNull()
    expect(watch.report("99999999", at)).toBe(true)
    expect(watch.report("99999999", at)).toBe(false)
    expect(watch.current()).toEqual({
      cep: "99999999",
      seen_at: "2026-11-22T12:00:00.000Z",
      message: expect.stringContaining("CEP de origem 99999-999"),
    })
    watch.answered("01310100")
    expect(watch.current()).toBeNull()
    // Still refused at another location: shown again, not logged again.
    expect(watch.report("99999999", at)).toBe(false)
    expect(watch.current()?.cep).toBe("99999999")
  })

  it("logs an origin again once it has answered and is refused anew", () => {
    const watch = new OriginWatch()
    watch.report("01310100", at)
    watch.answered("01310100")
    expect(watch.report("01310100", at)).toBe(true)
  })

  it("shows the origin refused last", () => {
    const watch = new OriginWatch()
    watch.report("99999999", at)
    watch.report("00999999", at)
    watch.report("99999999", new Date("2026-11-22T13:00:00Z"))
    expect(watch.current()).toMatchObject({ cep: "99999999", seen_at: "2026-11-22T13:00:00.000Z" })
  })
})
