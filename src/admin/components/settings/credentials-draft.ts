import type { TFunction } from "i18next"
import { textOrNull } from "../../lib/form-values"
import type { Credentials, SecretsPatch, TestConnectionRequest } from "../../../lib/admin-contract"
import type { FreteSettings, SettingsPatch } from "../../lib/types"

/** A write-only secret: what the merchant typed to replace it, or a removal asked for. */
export type SecretDraft = { value: string; remove: boolean }

/** What the merchant typed in "Credenciais e URLs", also used by "Testar conexão" before saving. */
export type CredentialsDraft = {
  freight_url: string
  freight_token: SecretDraft
  tracking_url: string
  tracking_credential: SecretDraft
}

/** Where a value set on the server comes from, and where to change it. */
export function serverSetText(t: TFunction, variable: string): string {
  return t("frete.credentials.serverSet", { variable })
}

const NO_SECRET: SecretDraft = { value: "", remove: false }

/** The form as saved: URLs from the settings, secrets always empty (never read back). */
export function credentialsDraftFrom(settings: FreteSettings): CredentialsDraft {
  return {
    freight_url: settings.freight_url ?? "",
    freight_token: NO_SECRET,
    tracking_url: settings.tracking_url ?? "",
    tracking_credential: NO_SECRET,
  }
}

function secretChange(draft: SecretDraft): string | null | undefined {
  const typed = draft.value.trim()
  if (typed) {
    return typed
  }
  return draft.remove ? null : undefined
}

/** The save of the section: URLs and secrets the server configuration does not fix. */
export function credentialsPatch(draft: CredentialsDraft, credentials: Credentials): SettingsPatch {
  const patch: SettingsPatch = {}
  if (credentials.freight.url_source !== "option") {
    patch.freight_url = textOrNull(draft.freight_url)
  }
  if (credentials.tracking.url_source !== "option") {
    patch.tracking_url = textOrNull(draft.tracking_url)
  }
  const secrets: SecretsPatch = {}
  const freightToken = credentials.freight.secret_source === "option" ? undefined : secretChange(draft.freight_token)
  if (freightToken !== undefined) {
    secrets.freight_token = freightToken
  }
  const trackingCredential =
    credentials.tracking.secret_source === "option" ? undefined : secretChange(draft.tracking_credential)
  if (trackingCredential !== undefined) {
    secrets.tracking_credential = trackingCredential
  }
  if (Object.keys(secrets).length > 0) {
    patch.secrets = secrets
  }
  return patch
}

type UnsavedConnection = Omit<TestConnectionRequest, "origin_cep" | "destination_cep">

/** The values typed and not saved yet, for a connection test; the server uses the saved ones for the rest. */
export function unsavedConnection(
  draft: CredentialsDraft,
  settings: FreteSettings,
  credentials: Credentials
): UnsavedConnection {
  const unsaved: UnsavedConnection = {}
  const freightUrl = draft.freight_url.trim()
  if (credentials.freight.url_source !== "option" && freightUrl && freightUrl !== (settings.freight_url ?? "")) {
    unsaved.freight_url = freightUrl
  }
  const trackingUrl = draft.tracking_url.trim()
  if (credentials.tracking.url_source !== "option" && trackingUrl && trackingUrl !== (settings.tracking_url ?? "")) {
    unsaved.tracking_url = trackingUrl
  }
  const freightToken = draft.freight_token.value.trim()
  if (credentials.freight.secret_source !== "option" && freightToken) {
    unsaved.freight_token = freightToken
  }
  const trackingCredential = draft.tracking_credential.value.trim()
  if (credentials.tracking.secret_source !== "option" && trackingCredential) {
    unsaved.tracking_credential = trackingCredential
  }
  return unsaved
}
