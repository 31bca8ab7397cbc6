import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { MAX_PLAUSIBLE_CM, MAX_PLAUSIBLE_KG } from "../../../../lib/checkout/build-freight-query"
import { toCm, toKg, type DimensionUnit, type WeightUnit } from "../../../../lib/checkout/units"

/**
 * A number as Postgres writes a measure's column in text (`real` today, `numeric` or `text` in
 * older Medusa schemas): anything else (`NaN`, `Infinity`, a word in an old text column) counts
 * as missing, as it does for the freight query. Written without `?`, which knex reads as a binding.
 */
const NUMBER_TEXT = String.raw`^\s*[-+]{0,1}(\d+\.{0,1}\d*|\.\d+)([eE][-+]{0,1}\d+){0,1}\s*$`

/** A number inlined in SQL: only the plugin's own constants (unit factors, bounds) come here. */
function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
  return String(value)
}

/**
 * SQL that is true when a measure column holds what `usableWeightKg` / `usableLengthCm` accept:
 * positive, and at most the plausible bound once converted (numeric, so 1e30 does not overflow).
 */
function usable(column: string, factor: number, max: number): string {
  const value = `(case when ${column}::text ~ '${NUMBER_TEXT}' then ${column}::text::numeric end)`
  return `coalesce(${value} > 0 and ${value} * ${sqlNumber(factor)} <= ${sqlNumber(max)}, false)`
}

/**
 * The condition on a product row `p` that one of its variants lacks what the freight query needs,
 * as the route's `missingOf` judges it: a dimension, or a weight when the product has none either.
 */
function lacksMeasures(units: { weight: WeightUnit; dimension: DimensionUnit }): string {
  const kg = toKg(1, units.weight)
  const cm = toCm(1, units.dimension)
  const dimensions = ["length", "width", "height"].map((side) => usable(`v.${side}`, cm, MAX_PLAUSIBLE_CM))
  const weight = `(${usable("v.weight", kg, MAX_PLAUSIBLE_KG)} or ${usable("p.weight", kg, MAX_PLAUSIBLE_KG)})`
  return `exists (
    select 1 from product_variant v
    where v.product_id = p.id and v.deleted_at is null
      and not (${[...dimensions, weight].join(" and ")})
  )`
}

/**
 * One page of the products with a variant lacking weight or a dimension, and how many there are,
 * found and counted by Postgres: only the page's ids and the count leave the database, never the
 * catalogue. Ordered by title (then id, so that pages never overlap); deleted products and
 * variants are left out, as Medusa leaves them out.
 */
export async function flaggedProductPage(
  knex: Knex,
  units: { weight: WeightUnit; dimension: DimensionUnit },
  page: { limit: number; offset: number }
): Promise<{ ids: string[]; count: number }> {
  const where = `p.deleted_at is null and ${lacksMeasures(units)}`
  const [rows, total] = await Promise.all([
    knex.raw(`select p.id from product p where ${where} order by p.title asc, p.id asc limit ? offset ?`, [page.limit, page.offset]),
    knex.raw(`select count(*)::int as count from product p where ${where}`),
  ])
  return {
    ids: (rows.rows as Array<{ id: string }>).map((row) => row.id),
    count: Number((total.rows as Array<{ count: number }>)[0]?.count ?? 0),
  }
}
