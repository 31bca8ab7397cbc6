/**
 * `value` rounded half up to `decimals` places; the relative nudge keeps 1.005 from rounding down
 * through its binary form (1.00499…).
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  if (!Number.isFinite(value * factor * (1 + Number.EPSILON))) {
    // Past 1e305 the scaling overflows; a double that large has no decimals to round anyway.
    return value
  }
  return Math.round(value * factor * (1 + Number.EPSILON)) / factor
}
