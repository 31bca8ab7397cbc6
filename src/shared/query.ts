// Not Medusa's `RemoteQueryFunction`, whose rows are typed from `.medusa/types` when generated (a fresh clone lacks them), so the
// same code would type-check or not; each caller reads the rows into its own types.
export type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[]; metadata?: { count: number; skip: number; take: number } }> }
