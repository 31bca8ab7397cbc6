/**
 * A statement of the tracking outbox failed. knex writes the query into its error's message with
 * every bound value inlined (a payload, an order id): that message must never reach a log, a
 * workflow's stored execution or an admin answer. This error names the operation and what
 * Postgres says about the failure (its code, the constraint, table and column), none of the values.
 */
export class TrackingStoreError extends Error {
  readonly code: string | undefined

  constructor(operation: string, cause: unknown) {
    const facts = databaseFacts(cause)
    super(`frete tracking store: ${operation} failed (${facts.description})`)
    this.name = "TrackingStoreError"
    this.code = facts.code
  }
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined)

/** What an error from pg or knex says without its message: Postgres's SQLSTATE and the objects it names. */
function databaseFacts(cause: unknown): { code: string | undefined; description: string } {
  if (typeof cause !== "object" || cause === null) {
    return { code: undefined, description: "unknown error" }
  }
  const record = cause as Record<string, unknown>
  const code = text(record.code)
  const parts = [
    text(record.name) ?? "Error",
    code && `code ${code}`,
    text(record.constraint) && `constraint ${record.constraint}`,
    text(record.table) && `table ${record.table}`,
    text(record.column) && `column ${record.column}`,
  ].filter((part): part is string => Boolean(part))
  return { code, description: parts.join(", ") }
}

/** Runs one statement of the outbox; a failure comes out as a TrackingStoreError, without the statement's values. */
export async function guarded<T>(operation: string, statement: () => PromiseLike<T>): Promise<T> {
  try {
    return await statement()
  } catch (error) {
    throw new TrackingStoreError(operation, error)
  }
}
