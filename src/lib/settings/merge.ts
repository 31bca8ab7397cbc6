export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** An object given in part keeps the fields it does not give; a list is never merged by index (that would resurrect rows the admin removed). */
export function mergeSettings(current: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const base = isPlainObject(current) ? current : {}
  // fromEntries: a "__proto__" key of a JSON body stays an own key (which the schema drops), never the prototype.
  return Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(patch)])].map((key) => {
      if (!Object.prototype.hasOwnProperty.call(patch, key) || patch[key] === undefined) return [key, base[key]]
      const [given, kept] = [patch[key], base[key]]
      return [key, isPlainObject(given) && isPlainObject(kept) ? mergeSettings(kept, given) : given]
    })
  )
}
