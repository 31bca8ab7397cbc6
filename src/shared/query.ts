/**
 * The part of Medusa's Query (`ContainerRegistrationKeys.QUERY`) the plugin uses: `graph`, whose
 * rows each caller reads into its own types. Not Medusa's `RemoteQueryFunction`: with the entry
 * points Medusa generates in `.medusa/types` (which the build compiles against, and a fresh clone
 * lacks), its rows are typed from Medusa's GraphQL schema (an order's `display_id` as a string),
 * so the same code would type-check or not depending on whether they were generated.
 */
export type Query = {
  /** `metadata` (the full count, and the page asked for) comes with a `pagination`. */
  graph: (config: Record<string, unknown>) => Promise<{ data: unknown[]; metadata?: { count: number; skip: number; take: number } }>
}
