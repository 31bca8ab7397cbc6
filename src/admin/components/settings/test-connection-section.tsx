import { useMutation } from "@tanstack/react-query"
import { Button, InlineTip, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { testConnection } from "../../lib/api"
import { toApiError } from "../../lib/api-error"
import { displayCep } from "../../lib/format"
import { messagesAt } from "../../lib/issues"
import type { Credentials } from "../../../lib/admin-contract"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextInput } from "../common/text-input"
import { ConnectionResult } from "./connection-result"
import { unsavedConnection, type CredentialsDraft } from "./credentials-draft"

type TestConnectionSectionProps = {
  settings: FreteSettings
  credentials: Credentials
  /** What is typed in "Credenciais e URLs": tested before it is saved. */
  draft: CredentialsDraft
}

/** A real quote between two CEPs and a check of the tracking credential, with the typed values. */
export const TestConnectionSection = ({ settings, credentials, draft }: TestConnectionSectionProps) => {
  const { t } = useTranslation()
  const [originCep, setOriginCep] = useState(() => displayCep(settings.origin_cep ?? ""))
  const [destinationCep, setDestinationCep] = useState("")

  const mutation = useMutation({
    mutationFn: testConnection,
    onError: (error) => {
      toast.error(toApiError(error).message)
    },
  })

  const failure = mutation.isError ? toApiError(mutation.error) : null
  const issues = failure?.issues ?? []

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    mutation.mutate({
      origin_cep: originCep.trim(),
      destination_cep: destinationCep.trim(),
      ...unsavedConnection(draft, settings, credentials),
    })
  }

  return (
    <SettingsSection
      id="test-connection"
      title={t("frete.testConnection.title")}
      description={t("frete.testConnection.description")}
    >
      <form className="flex flex-col gap-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[1fr_1fr_auto]">
          <TextInput
            id="frete-test-origin-cep"
            label={t("frete.testConnection.originCep")}
            inputMode="numeric"
            placeholder="00000-000"
            value={originCep}
            messages={messagesAt(issues, "origin_cep")}
            onChange={setOriginCep}
          />
          <TextInput
            id="frete-test-destination-cep"
            label={t("frete.testConnection.destinationCep")}
            inputMode="numeric"
            placeholder="00000-000"
            value={destinationCep}
            messages={messagesAt(issues, "destination_cep")}
            onChange={setDestinationCep}
          />
          <div className="md:pt-7">
            <Button
              type="submit"
              size="small"
              variant="secondary"
              isLoading={mutation.isPending}
              data-testid="frete-test-submit"
            >
              {t("frete.testConnection.submit")}
            </Button>
          </div>
        </div>
        {failure && (
          <InlineTip variant="error" label={t("frete.testConnection.errorLabel")} data-testid="frete-test-error">
            {failure.message}
          </InlineTip>
        )}
        {mutation.data && <ConnectionResult result={mutation.data} />}
      </form>
    </SettingsSection>
  )
}
