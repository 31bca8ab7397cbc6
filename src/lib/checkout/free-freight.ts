import { stateOfCep } from "../cep-state"
import type { FreteSettings } from "../settings/schema"

/**
 * Whether any free-freight rule of the settings matches: the subtotal reaches its minimum, and
 * the destination is in its states and CEP ranges (an empty list matches everything).
 */
export function qualifiesForFreeFreight(settings: FreteSettings, subtotal: number, destinationCep: string, state?: string | null): boolean {
  const uf = (state?.trim().toUpperCase() || stateOfCep(destinationCep)) ?? null
  return settings.free_freight_rules.some(
    (rule) =>
      subtotal >= rule.min_subtotal &&
      (rule.states.length === 0 || (uf !== null && (rule.states as string[]).includes(uf))) &&
      (rule.cep_ranges.length === 0 || rule.cep_ranges.some((range) => destinationCep >= range.from && destinationCep <= range.to))
  )
}
