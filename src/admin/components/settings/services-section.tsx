import { Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { move, removeAt, replaceAt, rowKey } from "../../lib/list"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { NewService } from "./new-service"
import { ServiceRow } from "./service-row"
import { servicesFrom, servicesPatch, type ServiceForm } from "./services-form"

/** The services the store knows, in checkout order: enable, rename, reorder, add, remove. */
export const ServicesSection = ({ settings }: { settings: FreteSettings }) => {
  const { t } = useTranslation()
  const [services, setServices] = useState(() => servicesFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: t("frete.services.saved"),
    onSaved: (response) => setServices(servicesFrom(response.settings)),
  })
  /** Adding, removing or moving a service moves the paths the issues name: they are dropped. */
  const reshape = (next: ServiceForm[]) => {
    clearIssues()
    setServices(next)
  }

  return (
    <SettingsSection
      id="services"
      title={t("frete.services.title")}
      description={t("frete.services.description")}
      save={{ onSave: () => save({ services: servicesPatch(services) }), isSaving, issues, shown: ["services."] }}
    >
      {services.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-services-empty">
          {t("frete.services.empty")}
        </Text>
      )}
      {services.map((service, index) => (
        <ServiceRow
          key={service.key}
          index={index}
          count={services.length}
          service={service}
          issues={issues}
          onChange={(next) => setServices(replaceAt(services, index, next))}
          onMove={(to) => reshape(move(services, index, to))}
          onRemove={() => reshape(removeAt(services, index))}
        />
      ))}
      <NewService
        services={services}
        onAdd={({ metaname, name }) =>
          reshape([...services, { key: rowKey(), metaname, name, enabled: true, display_name: "" }])
        }
      />
    </SettingsSection>
  )
}
