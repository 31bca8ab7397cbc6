import { toCents } from "../brazil/brazilian-decimal"
import { stateOfCep, stateOfProvince } from "../brazil/cep-state"
import type { FreteSettings } from "../settings/schema"

// States and CEP ranges (empty: all); the province counts only outside the known ranges.
function rulesReaching(settings: FreteSettings, cep: string, province?: string | null) {
  const uf = stateOfCep(cep) ?? stateOfProvince(province)
  return settings.free_freight_rules.filter(
    (rule) =>
      (rule.states.length === 0 || (uf !== null && (rule.states as string[]).includes(uf))) &&
      (rule.cep_ranges.length === 0 || rule.cep_ranges.some((range) => cep >= range.from && cep <= range.to))
  )
}

export const qualifiesForFreeFreight = (
  settings: FreteSettings,
  subtotal: number,
  cep: string,
  province?: string | null
): boolean => rulesReaching(settings, cep, province).some((rule) => subtotal >= rule.min_subtotal)

// In reais: the smallest minimum of the rules reaching the CEP, and what the cart lacks (at least R$ 0,01).
export function freeFreightProgress(settings: FreteSettings, subtotal: number, cep: string, province?: string | null) {
  const minimums = rulesReaching(settings, cep, province).map((rule) => rule.min_subtotal)
  if (!minimums.length) return { free: false, reachable: false, threshold: null, missing: null }
  const threshold = Math.min(...minimums)
  if (subtotal >= threshold) return { free: true, reachable: true, threshold, missing: 0 }
  return { free: false, reachable: true, threshold, missing: Math.max(1, toCents(threshold) - toCents(subtotal)) / 100 }
}
