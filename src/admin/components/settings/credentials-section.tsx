import { InlineTip } from "@medusajs/ui"
import { useSettingsSave } from "../../hooks/use-settings-save"
import type { Credentials, ServiceCredentials } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"
import { credentialsDraftFrom, credentialsPatch, serverSetText, type CredentialsDraft } from "./credentials-draft"
import { SecretField } from "./secret-field"

type CredentialsSectionProps = {
  credentials: Credentials
  /** Held by the page: "Testar conexão" uses what is typed here before it is saved. */
  draft: CredentialsDraft
  onDraftChange: (draft: CredentialsDraft) => void
}

const SECRET_TEXTS = {
  token: {
    withheld: "O token definido não foi configurado para esta URL e não é enviado a ela: salve a URL e o token juntos.",
    forgotten: "Ao salvar outra URL, o token salvo é apagado (ele só é enviado à URL com que foi salvo): digite junto o token desta URL.",
    bound: "O token salvo só é enviado a esta URL.",
  },
  credential: {
    withheld: "A credencial definida não foi configurada para esta URL e não é enviada a ela: salve a URL e a credencial juntas.",
    forgotten: "Ao salvar outra URL, a credencial salva é apagada (ela só é enviada à URL com que foi salva): digite junto a credencial desta URL.",
    bound: "A credencial salva só é enviada a esta URL.",
  },
}

/** A secret is only ever sent to the URL it was configured with: the page says so where it matters. */
function urlHint(
  state: ServiceCredentials,
  endpoint: string,
  draftUrl: string,
  texts: (typeof SECRET_TEXTS)["token"],
  variable: string
): string {
  if (state.url_source === "option") {
    return state.secret_withheld ? `${serverSetText(variable)} ${texts.withheld}` : serverSetText(variable)
  }
  if (state.secret_withheld) return texts.withheld
  if (state.secret_source === "settings" && draftUrl.trim() !== (state.url ?? "")) return texts.forgotten
  return `Endereço base; o plugin chama ${endpoint}.${state.secret_source === "settings" ? ` ${texts.bound}` : ""}`
}

/** Whether the admin can change a secret: typing one needs the encryption key, removing one saved here does not. */
function secretEditable(state: ServiceCredentials, encryptionAvailable: boolean): boolean {
  if (state.secret_source === "option") return false
  return encryptionAvailable || state.secret_source === "settings"
}

/** Whether anything of the section can be changed from the admin; if not, it has no "Salvar". */
export function credentialsEditable(credentials: Credentials): boolean {
  return [credentials.freight, credentials.tracking].some(
    (state) => state.url_source !== "option" || secretEditable(state, credentials.encryption_available)
  )
}

/** Where the two APIs are and their secrets: freight URL and token, tracking URL and credential. */
export const CredentialsSection = ({ credentials, draft, onDraftChange }: CredentialsSectionProps) => {
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: "Credenciais salvas",
    onSaved: (response) => onDraftChange(credentialsDraftFrom(response.settings)),
  })
  const update = (change: Partial<CredentialsDraft>) => onDraftChange({ ...draft, ...change })
  const editable = credentialsEditable(credentials)

  return (
    <SettingsSection
      id="credentials"
      title="Credenciais e URLs"
      description="Endereços e segredos das APIs de cotação de frete e de rastreamento. Os segredos não são exibidos depois de salvos; o que vem da configuração do servidor não pode ser alterado aqui."
      save={
        editable
          ? {
              onSave: () => save(credentialsPatch(draft, credentials)),
              isSaving,
              issues,
              shown: ["freight_url", "tracking_url", "secrets."],
            }
          : undefined
      }
    >
      {!editable && (
        <InlineTip variant="info" label="Definido no servidor" data-testid="frete-section-credentials-server-only">
          Todas as URLs e segredos desta seção são definidos no servidor (opções do plugin ou variáveis FRETE_…): não há o que
          salvar aqui. Para alterá-los, altere a configuração do servidor.
        </InlineTip>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-y-4">
          <TextField
            path="freight_url"
            label="URL da API de frete"
            type="url"
            inputMode="url"
            placeholder={credentials.freight.url_source === "option" ? undefined : "https://"}
            value={credentials.freight.url_source === "option" ? credentials.freight.url ?? "" : draft.freight_url}
            disabled={credentials.freight.url_source === "option"}
            hint={urlHint(credentials.freight, "{url}/v2/consulta", draft.freight_url, SECRET_TEXTS.token, "FRETE_FREIGHT_URL")}
            issues={issues}
            onChange={(value) => update({ freight_url: value })}
          />
          <SecretField
            name="freight_token"
            variable="FRETE_FREIGHT_TOKEN"
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
            placeholder={credentials.tracking.url_source === "option" ? undefined : "https://"}
            value={credentials.tracking.url_source === "option" ? credentials.tracking.url ?? "" : draft.tracking_url}
            disabled={credentials.tracking.url_source === "option"}
            hint={urlHint(credentials.tracking, "{url}/v1/tracking", draft.tracking_url, SECRET_TEXTS.credential, "FRETE_TRACKING_URL")}
            issues={issues}
            onChange={(value) => update({ tracking_url: value })}
          />
          <SecretField
            name="tracking_credential"
            variable="FRETE_TRACKING_CREDENTIAL"
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
