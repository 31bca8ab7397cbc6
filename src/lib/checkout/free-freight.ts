import { toCents } from "../brazil/brazilian-decimal"
import { stateOfCep, stateOfProvince } from "../brazil/cep-state"
import type { FreteSettings } from "../settings/schema"

type FreeFreightRule = FreteSettings["free_freight_rules"][number]

/**
 * The rules whose destination includes this CEP, whatever the subtotal: it is in their states and
 * CEP ranges (an empty list matches everything). The state comes from the CEP, which is
 * unambiguous; the address's province only where the CEP is outside the known ranges. The one
 * predicate of both the price (`qualifiesForFreeFreight`) and the cart's nudge (`freeFreightProgress`),
 * so the two never disagree.
 */
function rulesReaching(settings: FreteSettings, destinationCep: string, province?: string | null): FreeFreightRule[] {
  const uf = stateOfCep(destinationCep) ?? stateOfProvince(province)
  return settings.free_freight_rules.filter(
    (rule) =>
      (rule.states.length === 0 || (uf !== null && (rule.states as string[]).includes(uf))) &&
      (rule.cep_ranges.length === 0 || rule.cep_ranges.some((range) => destinationCep >= range.from && destinationCep <= range.to))
  )
}

/** Whether any free-freight rule of the settings matches: the destination is in its reach and the subtotal reaches its minimum. */
export function qualifiesForFreeFreight(settings: FreteSettings, subtotal: number, destinationCep: string, province?: string | null): boolean {
  return rulesReaching(settings, destinationCep, province).some((rule) => subtotal >= rule.min_subtotal)
}

/**
 * How far a cart is from free freight to a CEP, in reais:
 * - `free`: a rule applies now (`threshold` is the smallest minimum among the rules reaching the CEP);
 * - else, when a rule reaches the CEP, `threshold` is the smallest subtotal that makes one apply and
 *   `missing` what the cart lacks, in whole centavos, at least R$ 0,01;
 * - `reachable: false`: no rule reaches this CEP, whatever the subtotal.
 */
export type FreeFreightProgress =
  | { free: true; reachable: true; threshold: number; missing: 0 }
  | { free: false; reachable: true; threshold: number; missing: number }
  | { free: false; reachable: false; threshold: null; missing: null }

/** The cart's distance to free freight, from the same rules and predicate that price it (`qualifiesForFreeFreight`). */
export function freeFreightProgress(settings: FreteSettings, subtotal: number, destinationCep: string, province?: string | null): FreeFreightProgress {
  const minimums = rulesReaching(settings, destinationCep, province).map((rule) => rule.min_subtotal)
  if (!minimums.length) {
    return { free: false, reachable: false, threshold: null, missing: null }
  }
  const threshold = Math.min(...minimums)
  if (subtotal >= threshold) {
    return { free: true, reachable: true, threshold, missing: 0 }
  }
  // Under the minimum by less than half a centavo is still under it: the shopper needs one more.
  const missingCents = Math.max(1, toCents(threshold) - toCents(subtotal))
  return { free: false, reachable: true, threshold, missing: missingCents / 100 }
}
