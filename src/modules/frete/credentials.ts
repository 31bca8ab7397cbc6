import { createHash } from "node:crypto"
import { normalizeServiceUrl, type FreteOptions } from "../../../medusa-plugin.config"
import { decryptSecret, encryptSecret, isBoundSecret } from "../../lib/security/secret-box"
import type { FreteSettings } from "../../lib/settings/schema"

export const SECRET_NAMES = ["freight_token", "tracking_credential"] as const
type SecretName = (typeof SECRET_NAMES)[number]
const SERVICE_OF = { freight_token: "freight", tracking_credential: "tracking" } as const

/** The `secrets` column: each secret sealed with its URL as authenticated data, the URL beside it (`<name>_url`): a URL changed in the table makes it undecryptable. */
export type Sealed = Record<string, string>

/** Decrypted (in memory only); `unbound` when sealed before the binding (v1). `unreadable`: another key, a changed row, or no URL kept beside it. */
type StoredSecret = { value: string; url: string | null; unbound?: boolean }
type StoredSecrets = Partial<Record<SecretName, StoredSecret | { unreadable: true }>>

type Source = "option" | "settings" | null
/** `secretWithheld`: set but kept from the URL in force (not the one it was configured with, or unreadable): it must be typed again. */
type ServiceCredentials = { url?: string; secret?: string; urlSource: Source; secretSource: Source; secretWithheld: boolean }
export type Credentials = Record<"freight" | "tracking", ServiceCredentials>

const urlKey = (name: SecretName) => `${name}_url`
const binding = (url: string) => normalizeServiceUrl(url.trim())
const sealBound = (name: SecretName, value: string, url: string, key: string): Sealed => ({ [name]: encryptSecret(value, key, binding(url)), [urlKey(name)]: url })

/** A secret only goes to the URL it was configured with: an option's with the option's URL, a saved one with the URL it was saved for. */
function service(optionUrl: string | undefined, savedUrl: string | null, optionSecret: string | undefined, saved: StoredSecrets[SecretName]): ServiceCredentials {
  const url = optionUrl || savedUrl || undefined
  const urlSource: Source = optionUrl ? "option" : savedUrl ? "settings" : null
  if (optionSecret) {
    const paired = urlSource === "option"
    return { url, urlSource, secret: paired ? optionSecret : undefined, secretSource: "option", secretWithheld: !paired }
  }
  if (!saved) return { url, urlSource, secret: undefined, secretSource: null, secretWithheld: false }
  const paired = !("unreadable" in saved) && Boolean(url) && saved.url === url
  return { url, urlSource, secret: paired ? (saved as StoredSecret).value : undefined, secretSource: "settings", secretWithheld: !paired }
}

/** The options (medusa-config or FRETE_*) win over what is saved in the admin, so a deployment can pin them. */
export function credentialsInForce(options: FreteOptions, settings: FreteSettings, secrets: StoredSecrets): Credentials {
  return {
    freight: service(options.freight.url, settings.freight_url, options.freight.token, secrets.freight_token),
    tracking: service(options.tracking.url, settings.tracking_url, options.tracking.credential, secrets.tracking_credential),
  }
}

export function accountFingerprint(url: string | undefined, secret: string | undefined): string {
  return url && secret ? createHash("sha256").update(`${url}\n${secret}`).digest("hex").slice(0, 16) : "none"
}

export function credentialsView(credentials: Credentials, encryptionAvailable: boolean) {
  const view = (entry: ServiceCredentials) => ({
    url: entry.url ?? null,
    url_source: entry.urlSource,
    secret_set: Boolean(entry.secret) || entry.secretWithheld,
    secret_source: entry.secretSource,
    secret_withheld: entry.secretWithheld,
  })
  return { encryption_available: encryptionAvailable, freight: view(credentials.freight), tracking: view(credentials.tracking) }
}

export function secretChanges(input: unknown, encryptionAvailable: boolean, issues: Array<{ field: string; message: string }>): Partial<Record<SecretName, string | null>> {
  if (input === undefined) return {}
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    issues.push({ field: "secrets", message: "envie os segredos como um objeto" })
    return {}
  }
  const changes: Partial<Record<SecretName, string | null>> = {}
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    const field = `secrets.${name}`
    if (!(SECRET_NAMES as readonly string[]).includes(name)) {
      issues.push({ field, message: "segredo desconhecido" })
    } else if (value === null) {
      changes[name as SecretName] = null
    } else if (typeof value !== "string" || !value.trim() || value.length > 1000) {
      issues.push({ field, message: "informe o segredo como texto, ou null para removê-lo" })
    } else if (!/^[\x20-\x7e]+$/.test(value)) {
      // Tokens and Basic credentials are printable ASCII: anything else would be sent changed, and refused.
      issues.push({ field, message: "o segredo tem caracteres não permitidos: use só letras, números e símbolos ASCII" })
    } else if (!encryptionAvailable) {
      issues.push({ field, message: "Defina FRETE_ENCRYPTION_KEY (opção encryptionKey) no servidor para salvar segredos pelo painel." })
    } else {
      changes[name as SecretName] = value.trim()
    }
  }
  return changes
}

/** A service whose saved URL changes forgets its secret unless a new one comes; a new one is bound to the URL in force. */
export function sealSecrets(sealed: Sealed, changes: Partial<Record<SecretName, string | null>>, current: FreteSettings, next: FreteSettings, options: FreteOptions): Sealed {
  const result = { ...sealed }
  for (const name of SECRET_NAMES) {
    const service = SERVICE_OF[name]
    const value = changes[name]
    if (value === null || (value === undefined && next[`${service}_url`] !== current[`${service}_url`])) {
      delete result[name]
      delete result[urlKey(name)]
    } else if (value !== undefined) {
      Object.assign(result, sealBound(name, value, options[service].url || next[`${service}_url`] || "", options.encryptionKey as string))
    }
  }
  return result
}

/** A secret sealed before the binding (v1) with no URL beside it could go anywhere: it is unreadable. */
export function openSecrets(sealed: Sealed, key: string | undefined, report: (problem: string) => void): StoredSecrets {
  const secrets: StoredSecrets = {}
  for (const name of SECRET_NAMES) {
    if (!sealed[name]) continue
    try {
      if (!key) throw new Error("no encryptionKey (FRETE_ENCRYPTION_KEY) is set to decrypt it")
      const url = sealed[urlKey(name)]
      if (url === undefined) throw new Error("no URL is saved with it")
      const value = decryptSecret(sealed[name], key, binding(url))
      secrets[name] = { value, url: url || null, ...(isBoundSecret(sealed[name]) ? {} : { unbound: true }) }
    } catch (error) {
      secrets[name] = { unreadable: true }
      report(`frete: the ${name} saved in the admin is ignored until it is saved again: ${(error as Error).message}`)
    }
  }
  return secrets
}

/** Secrets sealed before the binding and in force with their URL, sealed again bound to it (never blessing a URL they were not used with). */
export function resealings(secrets: StoredSecrets, credentials: Credentials, key: string | undefined): Array<{ name: SecretName; next: Sealed }> {
  return SECRET_NAMES.flatMap((name) => {
    const secret = secrets[name]
    const { secretSource, secretWithheld, url } = credentials[SERVICE_OF[name]]
    if (!key || !secret || !("unbound" in secret) || secretSource !== "settings" || secretWithheld || !url) return []
    return [{ name, next: sealBound(name, secret.value, url, key) }]
  })
}
