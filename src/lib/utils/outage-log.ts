export const counted = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 120) return `${seconds} s`
  return seconds < 7200 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`
}

/** The error's class and status, never its message, which may quote the service's text and so the shopper's query. */
export function describeFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  const name = error instanceof Error ? error.name : "an error"
  return typeof status === "number" ? `${name}, HTTP ${status}` : name
}

// A degraded state (the freight API failing, the fallback table in use, the quota spent) logged when it starts and
// when it ends, with how often and how long: a line per shopper would bury the outage and carry their queries.
export class OutageLog {
  private since: number | null = null
  private count = 0

  constructor(private readonly now: () => number = Date.now) {}

  /** `started` is called the first time since the state last ended. */
  seen(started: () => void): void {
    if (this.since === null) {
      this.since = this.now()
      this.count = 0
      started()
    }
    this.count++
  }

  end(ended: (count: number, lasted: string) => void): void {
    if (this.since === null) return
    const lasted = duration(this.now() - this.since)
    this.since = null
    ended(this.count, lasted)
  }
}
