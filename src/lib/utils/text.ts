/**
 * `text` cut to at most `max` UTF-16 units, never splitting a surrogate pair; when cut it ends in `ellipsis`, counted
 * within `max`.
 */
export function truncate(text: string, max: number, ellipsis = ""): string {
  if (!Number.isSafeInteger(max) || max < ellipsis.length)
    throw new RangeError(`truncate: max must be a whole number of at least ${ellipsis.length}, got ${max}`)
  if (text.length <= max) return text
  const room = max - ellipsis.length
  let end = 0
  for (const char of text) {
    if (end + char.length > room) break
    end += char.length
  }
  return `${text.slice(0, end)}${ellipsis}`
}
