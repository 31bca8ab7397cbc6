import { counted, describeFailure, OutageLog } from "../outage-log"

describe("OutageLog", () => {
  it("calls `started` once per state, and `ended` once with how often it was seen and how long it lasted", () => {
    let time = 0
    const outage = new OutageLog(() => time)
    const lines: string[] = []
    const ended = (count: number, lasted: string) => lines.push(`ended: ${counted(count, "quote")} during ${lasted}`)
    outage.end(ended)
    for (let shopper = 0; shopper < 60; shopper += 1) {
      outage.seen(() => lines.push("started"))
      time += 3_000
    }
    outage.end(ended)
    outage.end(ended)
    outage.seen(() => lines.push("started"))
    time += 2 * 3_600_000
    outage.end(ended)
    expect(lines).toEqual(["started", "ended: 60 quotes during 3 min", "started", "ended: 1 quote during 2 h"])
  })

  it("names a failure by its class and status, never by its message", () => {
    const message = "CEP 30130-010 de Maria não encontrado"
    const served = Object.assign(new Error(message), { name: "ServerError", status: 503 })
    expect(describeFailure(served)).toBe("ServerError, HTTP 503")
    expect(describeFailure(new TypeError("fetch failed"))).toBe("TypeError")
    expect(describeFailure("down")).toBe("an error")
  })
})
