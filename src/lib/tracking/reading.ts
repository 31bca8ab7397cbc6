/**
 * What reading one field of the tracking order from the shop's data gives, and the small readers
 * every field shares. Reasons are in Portuguese: the merchant reads them.
 */

/** A field's value; `reason` when a value is there but unusable; null when nothing is known. */
export type Reading<T> = { value: T } | { reason: string } | null

/** A value the shop has, or nothing: never a reason. */
export function known<T>(value: T | null | undefined): Reading<T> {
  return value === null || value === undefined ? null : { value }
}

/**
 * The first candidate that reads as a value, so that a usable fallback beats an unusable
 * preferred source; when none does, the reason of the first unusable one.
 */
export function firstReading<T>(candidates: unknown[], read: (raw: unknown) => Reading<T>): Reading<T> {
  let firstProblem: Reading<T> = null
  for (const candidate of candidates) {
    const reading = read(candidate)
    if (reading !== null && "value" in reading) {
      return reading
    }
    firstProblem = firstProblem ?? reading
  }
  return firstProblem
}

/** Null, undefined or blank text: nothing to read, and so nothing to give a reason for. */
export function isAbsent(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")
}

/** Trimmed text with single spaces; null for what is not text or is blank. */
export function cleanText(raw: unknown): string | null {
  if (typeof raw !== "string") {
    return null
  }
  const text = raw.replace(/\s+/g, " ").trim()
  return text === "" ? null : text
}

/** Metadata set by hand or by an invoicing app: text, or a number that lost its quotes. */
export function metadataText(raw: unknown, label: string): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  if (typeof raw === "number" && Number.isFinite(raw)) {
    return { value: String(raw) }
  }
  const text = cleanText(raw)
  return text === null ? { reason: `${label} em formato não reconhecido: use texto ou número` } : { value: text }
}
