/** Plain JSON objects, as both services require their bodies to be. */

export type JsonObject = Record<string, unknown>

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** An own member only: a body's "constructor" or "__proto__" must not look like a known field. */
export function hasMember(object: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, name)
}
