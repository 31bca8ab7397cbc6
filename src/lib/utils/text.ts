/**
 * `text` cut to at most `max` UTF-16 code units, never splitting a character: a surrogate pair
 * (an emoji, an astral letter) is kept whole or left out whole. When cut, the text ends in
 * `ellipsis` (none by default), which counts within `max`; a text that fits is returned as it is.
 */
export function truncate(text: string, max: number, ellipsis = ""): string {
  if (!Number.isSafeInteger(max) || max < ellipsis.length) {
    throw new RangeError(`truncate: max must be a whole number of at least ${ellipsis.length}, got ${max}`)
  }
  if (text.length <= max) {
    return text
  }
  const room = max - ellipsis.length
  let end = 0
  // for…of walks code points, so a pair is one step of two units.
  for (const char of text) {
    if (end + char.length > room) {
      break
    }
    end += char.length
  }
  return `${text.slice(0, end)}${ellipsis}`
}
