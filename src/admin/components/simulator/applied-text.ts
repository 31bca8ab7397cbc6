import type { TFunction } from "i18next"
import type { AppliedSetting } from "../../../lib/admin-contract"
import { formatBrl, formatDays } from "../../lib/format"
import { textFromNumber } from "../../lib/form-values"

type Rule = Extract<AppliedSetting, { setting: "rule" }>

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : value < 0 ? `-${text}` : text)

/** What a rule did, e.g. "+10% em PAC, SEDEX": the sign says on or off. */
function ruleText(t: TFunction, { index, name, action, services }: Rule, names: Map<string, string>): string {
  const value = action.value ?? 0
  const effect = t(`frete.simulator.applied.effects.${action.type}`, {
    defaultValue: action.type,
    services: services.map((service) => names.get(service) ?? service).join(", "),
    value: signed(textFromNumber(Math.abs(value)), value),
    amount: action.type === "price" ? formatBrl(value) : signed(formatBrl(Math.abs(value)), value),
    days: formatDays(t, value),
  })
  const number = index + 1
  return name
    ? t("frete.simulator.applied.ruleNamed", { number, name, effect })
    : t("frete.simulator.applied.rule", { number, effect })
}

/** What one applied setting did, in the admin's language; `names` gives a service's name as checkout shows it. */
export function appliedText(t: TFunction, setting: AppliedSetting, names: Map<string, string>): string {
  switch (setting.setting) {
    case "handling_days":
      return t("frete.simulator.applied.handlingDays", {
        days: formatDays(t, setting.days),
        skus: setting.skus.join(", "),
        key: setting.metadata_key,
      })
    case "rule":
      return ruleText(t, setting, names)
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
