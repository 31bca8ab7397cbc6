/** BigNumber wraps its value once or twice ({ numeric }, { value: { value } }); deeper is not a number. */
const MAX_WRAPPING = 4

/** Medusa hands amounts and measures as numbers, numeric text, or BigNumber objects. */
export function numberOf(value: unknown): number | null {
  return unwrapped(value, 0)
}

function unwrapped(value: unknown, depth: number): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (typeof value === "string" && value.trim() !== "") return Number.isFinite(Number(value)) ? Number(value) : null
  // A wrapper that holds itself (or wraps too deep) is not a number: no endless recursion.
  if (value && typeof value === "object" && depth < MAX_WRAPPING) {
    const big = value as { numeric?: unknown; value?: unknown }
    return unwrapped(big.numeric ?? big.value, depth + 1)
  }
  return null
}
