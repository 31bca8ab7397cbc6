import { stateOfCep, stateOfProvince } from "../brazil/cep-state"
import type { FreteSettings } from "../settings/schema"

/**
 * Whether any free-freight rule of the settings matches: the subtotal reaches its minimum, and
 * the destination is in its states and CEP ranges (an empty list matches everything). The state
 * comes from the CEP, which is unambiguous; the address's province only where the CEP is outside
 * the known ranges.
 */
export function qualifiesForFreeFreight(settings: FreteSettings, subtotal: number, destinationCep: string, province?: string | null): boolean {
  const uf = stateOfCep(destinationCep) ?? stateOfProvince(province)
  return settings.free_freight_rules.some(
    (rule) =>
      subtotal >= rule.min_subtotal &&
      (rule.states.length === 0 || (uf !== null && (rule.states as string[]).includes(uf))) &&
      (rule.cep_ranges.length === 0 || rule.cep_ranges.some((range) => destinationCep >= range.from && destinationCep <= range.to))
  )
}
