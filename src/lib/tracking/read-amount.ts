import type { Reading } from "./reading"
import { roundTo } from "./round-to"

/** An amount in reais, rounded to centavos; `label` names it in the reason for a negative or non-finite one. */
export function readAmount(amount: number | null | undefined, label: string): Reading<number> {
  if (amount === null || amount === undefined) {
    return null
  }
  if (!Number.isFinite(amount)) {
    return { reason: `${label} inválido` }
  }
  if (amount < 0) {
    return { reason: `${label} negativo` }
  }
  return { value: roundTo(amount, 2) }
}
