/** `text` cut to at most `max` UTF-16 units, ending in `ellipsis` (counted within `max`) when cut. */
export function truncate(text: string, max: number, ellipsis = ""): string {
  if (text.length <= max) return text
  const end = max - ellipsis.length
  // A character of two units that does not fit whole is left out: no lone surrogate.
  return `${text.slice(0, (text.codePointAt(end - 1) ?? 0) > 0xffff ? end - 1 : end)}${ellipsis}`
}
