import type { TFunction } from "i18next"
import type { AppliedSetting } from "../../../lib/admin-contract"
import { displayCep, formatBrl, formatDays } from "../../lib/format"

/** What one applied setting did, in the admin's language; `names` gives a service's name as checkout shows it. */
export function appliedText(t: TFunction, setting: AppliedSetting, names: Map<string, string>): string {
  switch (setting.setting) {
    case "handling_days":
      return t("frete.simulator.applied.handlingDays", {
        days: formatDays(t, setting.days),
        skus: setting.skus.join(", "),
        key: setting.metadata_key,
      })
    case "extra_days":
      return t("frete.simulator.applied.extraDays", { days: formatDays(t, setting.days) })
    case "extra_price":
      return setting.type === "percent"
        ? t("frete.simulator.applied.extraPercent", { value: setting.value, amount: formatBrl(setting.amount) })
        : t("frete.simulator.applied.extraFixed", { amount: formatBrl(setting.amount) })
    case "free_freight_rule": {
      const where = [
        ...setting.states,
        ...setting.cep_ranges.map((range) => `${displayCep(range.from)}–${displayCep(range.to)}`),
      ]
      return t("frete.simulator.applied.freeFreight", {
        number: setting.index + 1,
        minimum: formatBrl(setting.min_subtotal),
        where: where.length ? where.join(", ") : t("frete.simulator.applied.everywhere"),
      })
    }
    case "service_disabled":
      return t("frete.simulator.applied.disabled", { name: setting.name })
    case "service_renamed":
      return t("frete.simulator.applied.renamed", { name: setting.name, displayName: setting.display_name })
    case "option_pick": {
      const service = setting.service
        ? (names.get(setting.service) ?? setting.service)
        : t("frete.simulator.applied.noService")
      if (setting.pick === "cheapest") return t("frete.simulator.applied.pickCheapest", { service })
      if (setting.pick === "fastest") return t("frete.simulator.applied.pickFastest", { service })
      return t("frete.simulator.applied.pickService", { pick: setting.pick, service })
    }
  }
}
