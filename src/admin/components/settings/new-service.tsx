import { Plus } from "@medusajs/icons"
import { Button, Hint } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { TextInput } from "../common/text-input"
import { newServiceProblem, type ServiceForm } from "./services-form"

type NewServiceProps = {
  services: ServiceForm[]
  onAdd: (service: { metaname: string; name: string }) => void
}

/** Adds a service by its code (servico_metaname) and its name. */
export const NewService = ({ services, onAdd }: NewServiceProps) => {
  const { t } = useTranslation()
  const [metaname, setMetaname] = useState("")
  const [name, setName] = useState("")
  const [problem, setProblem] = useState<string | null>(null)

  const add = () => {
    const found = newServiceProblem(t, metaname, name, services)
    setProblem(found)
    if (found) {
      return
    }
    onAdd({ metaname: metaname.trim(), name: name.trim() })
    setMetaname("")
    setName("")
  }

  return (
    <div className="flex flex-col gap-y-2">
      <div className="grid grid-cols-1 items-end gap-4 md:grid-cols-[1fr_1fr_auto]">
        <TextInput
          id="frete-new-service-metaname"
          label={t("frete.common.serviceCode")}
          placeholder="correios-sedex"
          value={metaname}
          onChange={setMetaname}
        />
        <TextInput
          id="frete-new-service-name"
          label={t("frete.common.serviceName")}
          placeholder="Correios - SEDEX"
          value={name}
          onChange={setName}
        />
        <Button type="button" size="small" variant="secondary" data-testid="frete-add-services" onClick={add}>
          <Plus />
          {t("frete.services.add")}
        </Button>
      </div>
      <Hint data-testid="frete-new-service-hint">{t("frete.services.newHint")}</Hint>
      {problem && (
        <Hint variant="error" data-testid="frete-new-service-error">
          {problem}
        </Hint>
      )}
    </div>
  )
}
