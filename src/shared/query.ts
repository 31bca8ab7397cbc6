// Not Medusa's `RemoteQueryFunction`, typed only once `.medusa/types` is generated: callers type their own rows.
export type Query = {
  graph: (
    config: Record<string, unknown>
  ) => Promise<{ data: unknown[]; metadata?: { count: number; skip: number; take: number } }>
}
