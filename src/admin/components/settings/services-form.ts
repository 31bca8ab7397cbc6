import type { TFunction } from "i18next"
import { textOrNull } from "../../lib/form-values"
import { rowKey } from "../../lib/list"
import type { FreteSettings, ServiceSetting } from "../../lib/types"

export type ServiceForm = { key: string; metaname: string; name: string; enabled: boolean; display_name: string }

export function servicesFrom(settings: FreteSettings): ServiceForm[] {
  return settings.services.map((service) => ({ key: rowKey(), ...service, display_name: service.display_name ?? "" }))
}

export function servicesPatch(services: ServiceForm[]): ServiceSetting[] {
  return services.map(({ metaname, name, enabled, display_name }) => ({
    metaname,
    name,
    enabled,
    display_name: textOrNull(display_name),
  }))
}

/** Why a new service cannot be added yet, or null. */
export function newServiceProblem(
  t: TFunction,
  metaname: string,
  name: string,
  services: ServiceForm[]
): string | null {
  if (!metaname.trim()) {
    return t("frete.services.missingCode")
  }
  if (!name.trim()) {
    return t("frete.services.missingName")
  }
  if (services.some((service) => service.metaname === metaname.trim())) {
    return t("frete.services.duplicate")
  }
  return null
}
