import { InlineTip } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import type { Credentials, ServiceCredentials } from "../../../lib/admin-contract"
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

/** The texts of a secret's URL hint: frete.credentials.token.* or frete.credentials.credential.*. */
type SecretTexts = "token" | "credential"

/** A secret is only ever sent to the URL it was configured with: the page says so where it matters. */
function urlHint(
  t: TFunction,
  state: ServiceCredentials,
  endpoint: string,
  draftUrl: string,
  secret: SecretTexts,
  variable: string
): string {
  // Saved here and withheld: only typing it again (bound to the URL in force) puts it back in use.
  const withheld = t(`frete.credentials.${secret}.${state.secret_source === "settings" ? "reenter" : "withheld"}`)
  if (state.url_source === "option") {
    return state.secret_withheld ? `${serverSetText(t, variable)} ${withheld}` : serverSetText(t, variable)
  }
  if (state.secret_withheld) return withheld
  if (state.secret_source === "settings" && draftUrl.trim() !== (state.url ?? ""))
    return t(`frete.credentials.${secret}.forgotten`)
  const base = t("frete.credentials.baseUrl", { endpoint })
  return state.secret_source === "settings" ? `${base} ${t(`frete.credentials.${secret}.bound`)}` : base
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
  const { t } = useTranslation()
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.credentials.saved"),
    onSaved: (response) => onDraftChange(credentialsDraftFrom(response.settings)),
  })
  const update = (change: Partial<CredentialsDraft>) => onDraftChange({ ...draft, ...change })
  const editable = credentialsEditable(credentials)

  return (
    <SettingsSection
      id="credentials"
      title={t("frete.credentials.title")}
      description={t("frete.credentials.description")}
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
        <InlineTip
          variant="info"
          label={t("frete.credentials.serverOnlyLabel")}
          data-testid="frete-section-credentials-server-only"
        >
          {t("frete.credentials.serverOnly")}
        </InlineTip>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-y-4">
          <TextField
            path="freight_url"
            label={t("frete.credentials.freightUrl")}
            type="url"
            inputMode="url"
            placeholder={credentials.freight.url_source === "option" ? undefined : "https://"}
            value={credentials.freight.url_source === "option" ? (credentials.freight.url ?? "") : draft.freight_url}
            disabled={credentials.freight.url_source === "option"}
            hint={urlHint(t, credentials.freight, "{url}/v2/consulta", draft.freight_url, "token", "FRETE_FREIGHT_URL")}
            issues={issues}
            onChange={(value) => update({ freight_url: value })}
          />
          <SecretField
            name="freight_token"
            variable="FRETE_FREIGHT_TOKEN"
            label={t("frete.credentials.freightToken")}
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
            label={t("frete.credentials.trackingUrl")}
            type="url"
            inputMode="url"
            placeholder={credentials.tracking.url_source === "option" ? undefined : "https://"}
            value={credentials.tracking.url_source === "option" ? (credentials.tracking.url ?? "") : draft.tracking_url}
            disabled={credentials.tracking.url_source === "option"}
            hint={urlHint(
              t,
              credentials.tracking,
              "{url}/v1/tracking",
              draft.tracking_url,
              "credential",
              "FRETE_TRACKING_URL"
            )}
            issues={issues}
            onChange={(value) => update({ tracking_url: value })}
          />
          <SecretField
            name="tracking_credential"
            variable="FRETE_TRACKING_CREDENTIAL"
            label={t("frete.credentials.trackingCredential")}
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
