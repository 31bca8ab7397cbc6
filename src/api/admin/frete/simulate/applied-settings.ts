import type { AppliedSetting } from "../../../../lib/admin-contract"
import type { BuiltQuery, QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { handlingDaysOf } from "../../../../lib/checkout/handling-days"
import { CHEAPEST, FASTEST, type Offer } from "../../../../lib/checkout/offers"
import type { AppliedRule } from "../../../../lib/checkout/rules"
import type { FreteSettings } from "../../../../lib/settings/schema"

// The settings that changed one option's price, deadline or offer, in the order the plugin applies them: the handling
// days the query sent, then the rules the engine reports for what checkout charges (those that changed a service the
// option could pick, or hid one), then the services' own settings and the pick.
export function appliedSettings(
  request: QuoteRequest,
  { query }: BuiltQuery,
  settings: FreteSettings,
  pick: string,
  charged: { offer?: Offer; rules: AppliedRule[] }
): AppliedSetting[] {
  const applied: AppliedSetting[] = []
  const key = settings.handling_days_metadata_key
  const handlingDays = query.extraDays ?? 0
  if (handlingDays > 0) {
    const skus = request.items
      .filter(
        (item) => handlingDaysOf(item.handlingMetadata?.variant, item.handlingMetadata?.product, key) === handlingDays
      )
      .map((item) => item.sku)
    applied.push({ setting: "handling_days", days: handlingDays, skus, metadata_key: key })
  }
  const either = pick === CHEAPEST || pick === FASTEST
  for (const rule of charged.rules)
    if (rule.action.type === "hide" || either || rule.services.includes(pick))
      applied.push({ setting: "rule", ...rule })
  for (const service of settings.services)
    if (!service.enabled && (either || service.metaname === pick))
      applied.push({ setting: "service_disabled", service: service.metaname, name: service.name })
  const offer = charged.offer
  const renamed = settings.services.find((service) => service.metaname === offer?.service)
  if (renamed?.display_name && renamed.display_name !== renamed.name && offer?.name === renamed.display_name)
    applied.push({
      setting: "service_renamed",
      service: renamed.metaname,
      name: renamed.name,
      display_name: renamed.display_name,
    })
  applied.push({ setting: "option_pick", pick, service: offer?.service ?? null })
  return applied
}
