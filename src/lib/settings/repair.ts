import { DEFAULT_SETTINGS, freteSettingsSchema, type FreteSettings } from "./schema"
import { isPlainObject } from "./merge"

export interface RepairedSettings {
  settings: FreteSettings
  /**
   * The fields that no longer passed the schema and stand at their default now, as dotted paths
   * ("extra_days", "tracking.payload_retention_days"); "settings" when the row held no object at all.
   */
  repaired: string[]
}

/**
 * The part of an issue's path that names a field: the object keys before the first list index.
 * An item of a list has no default of its own, so a bad item (a band of the fallback table) puts
 * back the whole list it belongs to; dropping the item alone would change prices without a word.
 */
function fieldOf(path: readonly PropertyKey[]): string[] {
  const index = path.findIndex((segment) => typeof segment !== "string")
  return (index === -1 ? path : path.slice(0, index)).map(String)
}

/** A deep copy of the stored JSON, so that removing a field never touches what the caller holds. */
function copy(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}

function remove(root: Record<string, unknown>, field: string[]): void {
  let parent: unknown = root
  for (const key of field.slice(0, -1)) {
    parent = isPlainObject(parent) ? parent[key] : undefined
  }
  if (isPlainObject(parent)) delete parent[field[field.length - 1]]
}

/**
 * Stored settings read through today's schema, field by field. A field that no longer passes
 * (the schema changed since it was saved, or the row was edited by hand) is removed, so its
 * default applies; when removing it is not enough (a required field inside an object, such as a
 * dimension of the default package) the object around it goes back to its default instead. Every
 * other field is kept as stored. Only the paths of what was put back are returned, never a value:
 * a value could be anything the row held.
 */
export function repairSettings(stored: unknown): RepairedSettings {
  if (!isPlainObject(stored)) {
    return { settings: DEFAULT_SETTINGS, repaired: ["settings"] }
  }
  const working = copy(stored) as Record<string, unknown>
  const removed: string[][] = []
  // Each pass removes at least one field, or goes one level up: bounded by the fields and depth.
  for (let pass = 0; pass < 200; pass += 1) {
    const parsed = freteSettingsSchema.safeParse(working)
    if (parsed.success) {
      return { settings: parsed.data, repaired: outermost(removed).map((field) => field.join(".")) }
    }
    // What earlier passes removed: one pass may report several issues of one field.
    const before = new Set(removed.map((field) => field.join(".")))
    for (const issue of parsed.error.issues) {
      let field = fieldOf(issue.path)
      // Removed by an earlier pass and still failing (required, no default): its parent goes back instead.
      while (field.length && before.has(field.join("."))) {
        field = field.slice(0, -1)
      }
      if (!field.length) {
        return { settings: DEFAULT_SETTINGS, repaired: ["settings"] }
      }
      remove(working, field)
      removed.push(field)
    }
  }
  return { settings: DEFAULT_SETTINGS, repaired: ["settings"] }
}

/** Only the outermost of the removed fields: "default_package", not also "default_package.weight_kg". */
function outermost(fields: string[][]): string[][] {
  const isInside = (inner: string[], outer: string[]) => inner.length > outer.length && outer.every((key, index) => inner[index] === key)
  const kept = fields.filter((field) => !fields.some((other) => isInside(field, other)))
  const unique = new Map(kept.map((field) => [field.join("."), field]))
  return [...unique.values()].sort((a, b) => a.join(".").localeCompare(b.join(".")))
}
