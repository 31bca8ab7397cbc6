const formatsByTimeZone = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock "YYYY-MM-DDTHH:mm:ss" in `timeZone`, without an offset, as Brazilian services read a local time. */
export function localDateTime(instant: Date, timeZone = "America/Sao_Paulo"): string {
  let format = formatsByTimeZone.get(timeZone)
  if (!format) {
    // Gregorian calendar and ASCII digits whatever the host locale; h23 writes midnight as 00, where hour12: false may write 24.
    const fields = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    } as const
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      hourCycle: "h23",
      ...fields,
    })
    formatsByTimeZone.set(timeZone, format)
  }
  const parts = format.formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? ""
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`
}
