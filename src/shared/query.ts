// Not Medusa's `RemoteQueryFunction`, typed from `.medusa/types` only once generated: each caller reads the rows into
// its own types.
export type Query = {
  graph: (
    config: Record<string, unknown>
  ) => Promise<{ data: unknown[]; metadata?: { count: number; skip: number; take: number } }>
}
