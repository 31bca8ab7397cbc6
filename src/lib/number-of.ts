/** Medusa hands amounts and measures as numbers, numeric text, or BigNumber objects. */
export function numberOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (typeof value === "string" && value.trim() !== "") return Number.isFinite(Number(value)) ? Number(value) : null
  if (value && typeof value === "object") {
    const big = value as { numeric?: unknown; value?: unknown }
    return numberOf(big.numeric ?? big.value)
  }
  return null
}
