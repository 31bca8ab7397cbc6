import { createHash } from "node:crypto"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreteSettings } from "../../lib/settings/schema"

export type CredentialSource = "option" | "settings" | null

/** A secret saved from the admin, decrypted (held in memory only), and the URL it was saved for. */
export interface StoredSecret {
  value: string
  /** The service URL in force when it was saved; undefined for secrets saved before the URL was kept. */
  url?: string | null
  /** Sealed before the URL was bound into its encryption: sealed again, bound, once used with its URL. */
  unbound?: boolean
}

/**
 * A saved secret that cannot be opened: the encryption key changed, or the row was changed
 * (its URL, or its ciphertext). It is never sent; the admin asks for it to be typed again.
 */
export interface UnreadableSecret {
  unreadable: true
}

export type StoredSecrets = Partial<Record<SecretName, StoredSecret | UnreadableSecret>>

export const SECRET_NAMES = ["freight_token", "tracking_credential"] as const
export type SecretName = (typeof SECRET_NAMES)[number]

/** Where, in the sealed-secrets record, the URL a secret was saved for is kept (a URL is no secret). */
export const boundUrlKey = (name: SecretName) => `${name}_url`

interface ServiceCredentials {
  url?: string
  secret?: string
  urlSource: CredentialSource
  secretSource: CredentialSource
  /**
   * A secret is set but kept from the URL in force: not the one it was configured with, or (saved
   * in the admin) one that cannot be opened any more. Either way it must be typed again for that URL.
   */
  secretWithheld: boolean
}

export interface Credentials {
  freight: ServiceCredentials
  tracking: ServiceCredentials
}

/**
 * A secret only ever goes to the URL it was configured with: an option's secret with the option's
 * URL; a secret saved in the admin with the URL in force when it was saved. Otherwise the service
 * counts as not configured, so that no admin-typed address can receive a token it was not given for.
 */
function service(
  optionUrl: string | undefined,
  savedUrl: string | null,
  optionSecret: string | undefined,
  saved: StoredSecret | UnreadableSecret | undefined
): ServiceCredentials {
  const url = optionUrl ? { value: optionUrl, source: "option" as const } : savedUrl ? { value: savedUrl, source: "settings" as const } : { value: undefined, source: null }
  if (optionSecret) {
    const paired = url.source === "option"
    return { url: url.value, urlSource: url.source, secret: paired ? optionSecret : undefined, secretSource: "option", secretWithheld: !paired }
  }
  if (saved && "unreadable" in saved) {
    return { url: url.value, urlSource: url.source, secret: undefined, secretSource: "settings", secretWithheld: true }
  }
  if (saved) {
    const paired = Boolean(url.value) && (saved.url === undefined || saved.url === url.value)
    return { url: url.value, urlSource: url.source, secret: paired ? saved.value : undefined, secretSource: "settings", secretWithheld: !paired }
  }
  return { url: url.value, urlSource: url.source, secret: undefined, secretSource: null, secretWithheld: false }
}

/**
 * The URLs and secrets in force: those of the plugin's options (medusa-config or FRETE_*) win over
 * those saved in the admin, so that a deployment can pin them; each secret paired only with its URL.
 */
export function credentialsInForce(options: FreteOptions, settings: FreteSettings, secrets: StoredSecrets): Credentials {
  return {
    freight: service(options.freight.url, settings.freight_url, options.freight.token, secrets.freight_token),
    tracking: service(options.tracking.url, settings.tracking_url, options.tracking.credential, secrets.tracking_credential),
  }
}

/** The URL a secret saved now for this service is bound to: the option's URL, else the saved one. */
export function urlForNewSecret(options: FreteOptions, settings: FreteSettings, name: SecretName): string | null {
  return name === "freight_token" ? options.freight.url || settings.freight_url : options.tracking.url || settings.tracking_url
}

/** A short fingerprint of an account (URL and secret), to key cached answers by; never the secret. */
export function accountFingerprint(url: string | undefined, secret: string | undefined): string {
  return url && secret ? createHash("sha256").update(`${url}\n${secret}`).digest("hex").slice(0, 16) : "none"
}

/** What the admin may know of the credentials: where each comes from, whether a secret is set; never one. */
export function credentialsView(credentials: Credentials, encryptionAvailable: boolean) {
  const view = (entry: ServiceCredentials) => ({
    url: entry.url ?? null,
    url_source: entry.urlSource,
    secret_set: Boolean(entry.secret) || entry.secretWithheld,
    secret_source: entry.secretSource,
    // Set, but not for the URL in force (or, saved here, no longer readable): the service is not
    // configured until the secret is typed again for that URL.
    secret_withheld: entry.secretWithheld,
  })
  return { encryption_available: encryptionAvailable, freight: view(credentials.freight), tracking: view(credentials.tracking) }
}
