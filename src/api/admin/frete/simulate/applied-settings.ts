import type { AppliedSetting } from "../../../../lib/admin-contract"
import type { BuiltQuery, QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { qualifiesForFreeFreight } from "../../../../lib/checkout/free-freight"
import { handlingDaysOf } from "../../../../lib/checkout/handling-days"
import { CHEAPEST, FASTEST, type Offer } from "../../../../lib/checkout/offers"
import type { FreteSettings } from "../../../../lib/settings/schema"

// The settings that changed one option's price, deadline or offer, in the order the plugin applies them. The figures
// are the built query's (what was sent); the checks behind them are the plugin's own functions, asked again.
export function appliedSettings(
  request: QuoteRequest,
  { query, subtotal }: BuiltQuery,
  settings: FreteSettings,
  pick: string,
  charged: Offer | undefined
): AppliedSetting[] {
  const applied: AppliedSetting[] = []
  const key = settings.handling_days_metadata_key
  const handlingDays = (query.extraDays ?? 0) - settings.extra_days
  if (handlingDays > 0) {
    const skus = request.items
      .filter(
        (item) => handlingDaysOf(item.handlingMetadata?.variant, item.handlingMetadata?.product, key) === handlingDays
      )
      .map((item) => item.sku)
    applied.push({ setting: "handling_days", days: handlingDays, skus, metadata_key: key })
  }
  if (settings.extra_days > 0) applied.push({ setting: "extra_days", days: settings.extra_days })
  if (query.extraPrice) applied.push({ setting: "extra_price", ...settings.extra_price, amount: query.extraPrice })
  if (query.freeFreight) {
    const index = settings.free_freight_rules.findIndex((rule) =>
      qualifiesForFreeFreight(
        { ...settings, free_freight_rules: [rule] },
        subtotal,
        query.destinationCep,
        request.destinationState
      )
    )
    const { min_subtotal, states, cep_ranges } = settings.free_freight_rules[index]
    applied.push({ setting: "free_freight_rule", index, min_subtotal, states, cep_ranges })
  }
  const either = pick === CHEAPEST || pick === FASTEST
  for (const service of settings.services)
    if (!service.enabled && (either || service.metaname === pick))
      applied.push({ setting: "service_disabled", service: service.metaname, name: service.name })
  const renamed = settings.services.find((service) => service.metaname === charged?.service)
  if (renamed?.display_name && renamed.display_name !== renamed.name && charged?.name === renamed.display_name)
    applied.push({
      setting: "service_renamed",
      service: renamed.metaname,
      name: renamed.name,
      display_name: renamed.display_name,
    })
  applied.push({ setting: "option_pick", pick, service: charged?.service ?? null })
  return applied
}
