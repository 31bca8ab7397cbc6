// knex's own message inlines every bound value (a payload, an order id), which must never reach a log, a stored
// workflow execution or an admin answer.
export class TrackingStoreError extends Error {
  readonly code: string | undefined

  constructor(operation: string, cause: unknown) {
    const record = (typeof cause === "object" && cause !== null ? cause : {}) as Record<string, unknown>
    const text = (key: string) =>
      typeof record[key] === "string" && record[key] !== "" ? (record[key] as string) : undefined
    const code = text("code")
    const facts = [
      text("name") ?? "Error",
      code && `code ${code}`,
      ...["constraint", "table", "column"].map((key) => text(key) && `${key} ${text(key)}`),
    ]
    super(
      `frete tracking store: ${operation} failed (${typeof cause === "object" && cause !== null ? facts.filter(Boolean).join(", ") : "unknown error"})`
    )
    this.name = "TrackingStoreError"
    this.code = code
  }
}

export async function guarded<T>(operation: string, statement: () => PromiseLike<T>): Promise<T> {
  try {
    return await statement()
  } catch (error) {
    throw new TrackingStoreError(operation, error)
  }
}
