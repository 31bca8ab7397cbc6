// Swedish writes "2026-03-10 14:30:45"; h23 writes midnight as 00, where hour12: false may write 24.
const style = { dateStyle: "short", timeStyle: "medium", hourCycle: "h23", numberingSystem: "latn" } as const
const format = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/Sao_Paulo", calendar: "gregory", ...style })

/** The São Paulo wall-clock "YYYY-MM-DDTHH:mm:ss", without an offset, as Brazilian services read a local time. */
export function localDateTime(instant: Date): string {
  // A year before 1000 (the zone's old offsets move 1000-01-01 back into 999) comes without its leading zero.
  return format.format(instant).padStart(19, "0").replace(" ", "T")
}
