/** A number from Medusa's amounts and measures: a number, numeric text, or a BigNumber ({ numeric }, { value }). */
export function numberOf(value: unknown, depth = 0): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (typeof value === "string" && value.trim() !== "") return Number.isFinite(Number(value)) ? Number(value) : null
  // A wrapper that holds itself, or wraps deeper than a BigNumber does, is no number.
  if (!value || typeof value !== "object" || depth >= 4) return null
  const big = value as { numeric?: unknown; value?: unknown }
  return numberOf(big.numeric ?? big.value, depth + 1)
}
