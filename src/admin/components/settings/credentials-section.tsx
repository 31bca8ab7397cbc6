import { useSettingsSave } from "../../hooks/use-settings-save"
import type { Credentials, ServiceCredentials } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"
import { credentialsDraftFrom, credentialsPatch, type CredentialsDraft } from "./credentials-draft"
import { SecretField } from "./secret-field"

type CredentialsSectionProps = {
  credentials: Credentials
  /** Held by the page: "Testar conexão" uses what is typed here before it is saved. */
  draft: CredentialsDraft
  onDraftChange: (draft: CredentialsDraft) => void
}

function urlHint(state: ServiceCredentials, endpoint: string): string {
  if (state.url_source === "option") {
    return "Definida pela configuração do servidor (medusa-config ou variável de ambiente), que prevalece sobre o painel."
  }
  return `Endereço base; o plugin chama ${endpoint}.`
}

/** Where the two APIs are and their secrets: freight URL and token, tracking URL and credential. */
export const CredentialsSection = ({ credentials, draft, onDraftChange }: CredentialsSectionProps) => {
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: "Credenciais salvas",
    onSaved: (response) => onDraftChange(credentialsDraftFrom(response.settings)),
  })
  const update = (change: Partial<CredentialsDraft>) => onDraftChange({ ...draft, ...change })

  return (
    <SettingsSection
      id="credentials"
      title="Credenciais e URLs"
      description="Endereços e segredos das APIs de cotação de frete e de rastreamento. Os segredos não são exibidos depois de salvos; o que vem da configuração do servidor não pode ser alterado aqui."
      save={{
        onSave: () => save(credentialsPatch(draft, credentials)),
        isSaving,
        issues,
        shown: ["freight_url", "tracking_url", "secrets."],
      }}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-y-4">
          <TextField
            path="freight_url"
            label="URL da API de frete"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={credentials.freight.url_source === "option" ? credentials.freight.url ?? "" : draft.freight_url}
            disabled={credentials.freight.url_source === "option"}
            hint={urlHint(credentials.freight, "{url}/v2/consulta")}
            issues={issues}
            onChange={(value) => update({ freight_url: value })}
          />
          <SecretField
            name="freight_token"
            label="Token da API de frete"
            state={credentials.freight}
            draft={draft.freight_token}
            encryptionAvailable={credentials.encryption_available}
            issues={issues}
            onChange={(secret) => update({ freight_token: secret })}
          />
        </div>
        <div className="flex flex-col gap-y-4">
          <TextField
            path="tracking_url"
            label="URL da API de rastreamento"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={credentials.tracking.url_source === "option" ? credentials.tracking.url ?? "" : draft.tracking_url}
            disabled={credentials.tracking.url_source === "option"}
            hint={urlHint(credentials.tracking, "{url}/v1/tracking")}
            issues={issues}
            onChange={(value) => update({ tracking_url: value })}
          />
          <SecretField
            name="tracking_credential"
            label="Credencial da API de rastreamento"
            state={credentials.tracking}
            draft={draft.tracking_credential}
            encryptionAvailable={credentials.encryption_available}
            issues={issues}
            onChange={(secret) => update({ tracking_credential: secret })}
          />
        </div>
      </div>
    </SettingsSection>
  )
}
