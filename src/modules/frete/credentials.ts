import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreteSettings } from "../../lib/settings/schema"

export type CredentialSource = "option" | "settings" | null

/** Secrets saved from the admin, decrypted; held in memory only. */
export interface StoredSecrets {
  freight_token?: string
  tracking_credential?: string
}

export const SECRET_NAMES = ["freight_token", "tracking_credential"] as const
export type SecretName = (typeof SECRET_NAMES)[number]

interface ServiceCredentials {
  url?: string
  secret?: string
  urlSource: CredentialSource
  secretSource: CredentialSource
}

export interface Credentials {
  freight: ServiceCredentials
  tracking: ServiceCredentials
}

function pick(option: string | undefined, saved: string | null | undefined): { value?: string; source: CredentialSource } {
  if (option) return { value: option, source: "option" }
  if (saved) return { value: saved, source: "settings" }
  return { source: null }
}

function service(optionUrl: string | undefined, savedUrl: string | null, optionSecret: string | undefined, savedSecret: string | undefined): ServiceCredentials {
  const url = pick(optionUrl, savedUrl)
  const secret = pick(optionSecret, savedSecret)
  return { url: url.value, secret: secret.value, urlSource: url.source, secretSource: secret.source }
}

/**
 * The URLs and secrets in force: those of the plugin's options (medusa-config or FRETE_*) win over
 * those saved in the admin, so that a deployment can pin them.
 */
export function credentialsInForce(options: FreteOptions, settings: FreteSettings, secrets: StoredSecrets): Credentials {
  return {
    freight: service(options.freight.url, settings.freight_url, options.freight.token, secrets.freight_token),
    tracking: service(options.tracking.url, settings.tracking_url, options.tracking.credential, secrets.tracking_credential),
  }
}

/** What the admin may know of the credentials: where each comes from, whether a secret is set; never one. */
export function credentialsView(credentials: Credentials, encryptionAvailable: boolean) {
  const view = (entry: ServiceCredentials) => ({
    url: entry.url ?? null,
    url_source: entry.urlSource,
    secret_set: Boolean(entry.secret),
    secret_source: entry.secretSource,
  })
  return { encryption_available: encryptionAvailable, freight: view(credentials.freight), tracking: view(credentials.tracking) }
}
