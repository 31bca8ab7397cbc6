/** A JSON object (not a list, not null): the only kind of value a save merges into rather than replaces. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * The settings after a save of `patch` over `current`, field by field at every depth: an object
 * given in part keeps the fields it does not give; anything else given (a list, a number, a text,
 * null) is the new value. A list is replaced whole, never merged by position: the admin sends the
 * list it shows, and merging by index would resurrect removed rows. The result is checked by the
 * schema afterwards, so null lands only where the schema allows it.
 */
export function mergeSettings(current: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const base = isPlainObject(current) ? current : {}
  // Entries, then fromEntries: a key "__proto__" from a JSON body stays a plain own key (which
  // the schema then drops) instead of an assignment that would change the result's prototype.
  const keys = new Set([...Object.keys(base), ...Object.keys(patch)])
  return Object.fromEntries(
    [...keys].map((key) => {
      // Undefined is no JSON value: a caller in code that leaves a field undefined did not give it.
      if (!Object.prototype.hasOwnProperty.call(patch, key) || patch[key] === undefined) return [key, base[key]]
      const given = patch[key]
      const kept = base[key]
      return [key, isPlainObject(given) && isPlainObject(kept) ? mergeSettings(kept, given) : given]
    })
  )
}
