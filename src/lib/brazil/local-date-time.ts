const DEFAULT_TIME_ZONE = "America/Sao_Paulo"

// Building a DateTimeFormat loads time-zone data; one per zone is reused across calls.
const formatsByTimeZone = new Map<string, Intl.DateTimeFormat>()

/**
 * The wall-clock date and time in `timeZone` at `instant`, as "YYYY-MM-DDTHH:mm:ss" without an
 * offset: the way a Brazilian service reads a local timestamp. Throws a RangeError for an
 * invalid Date.
 */
export function localDateTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = formatFor(timeZone).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? ""
  const date = `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`
  return `${date}T${part("hour")}:${part("minute")}:${part("second")}`
}

function formatFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatsByTimeZone.get(timeZone)
  if (cached) {
    return cached
  }
  // Pinning calendar and digits keeps the parts Gregorian and ASCII whatever the host locale;
  // hourCycle h23 writes midnight as 00, where hour12: false may write 24.
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    calendar: "gregory",
    numberingSystem: "latn",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  })
  formatsByTimeZone.set(timeZone, format)
  return format
}
