import { createHash } from "node:crypto"
import { normalizeServiceUrl, type FreteOptions } from "../../../medusa-plugin.config"
import { decryptWithKeys, encryptSecret, isBoundSecret } from "../../lib/security/secret-box"
import type { FreteSettings } from "../../lib/settings/schema"

export const SECRET_NAMES = ["freight_token", "tracking_credential"] as const
type SecretName = (typeof SECRET_NAMES)[number]
const SERVICE_OF = { freight_token: "freight", tracking_credential: "tracking" } as const

/** The `secrets` column: each secret sealed with its URL as authenticated data, the URL beside it (`<name>_url`). */
export type Sealed = Record<string, string>

/** In memory only. `unbound`: sealed before the binding (v1); `previousKey`: under one of `previousEncryptionKeys`. */
type StoredSecret = { value: string; url: string | null; unbound?: boolean; previousKey?: boolean }
type StoredSecrets = Partial<Record<SecretName, StoredSecret | { unreadable: true }>>

type Source = "option" | "settings" | null
/** `secretWithheld`: set but kept from the URL in force (not its own, or unreadable): it must be typed again. */
type ServiceCredentials = {
  url?: string
  secret?: string
  urlSource: Source
  secretSource: Source
  secretWithheld: boolean
}
export type Credentials = Record<"freight" | "tracking", ServiceCredentials>

const urlKey = (name: SecretName) => `${name}_url`
const binding = (url: string) => normalizeServiceUrl(url.trim())
const sealBound = (name: SecretName, value: string, url: string, key: string): Sealed => ({
  [name]: encryptSecret(value, key, binding(url)),
  [urlKey(name)]: url,
})

export const encryptionKeys = (options: FreteOptions): string[] =>
  options.encryptionKey ? [options.encryptionKey, ...options.previousEncryptionKeys] : []

/** A secret only goes to the URL it was configured with: an option's to the option's URL, a saved one to its own. */
function service(
  optionUrl: string | undefined,
  savedUrl: string | null,
  optionSecret: string | undefined,
  saved: StoredSecrets[SecretName]
): ServiceCredentials {
  const url = optionUrl || savedUrl || undefined
  const urlSource: Source = optionUrl ? "option" : savedUrl ? "settings" : null
  const paired = optionSecret
    ? urlSource === "option"
    : !!saved && !("unreadable" in saved) && Boolean(url) && saved.url === url
  const secret = !paired ? undefined : optionSecret || (saved as StoredSecret).value
  const secretSource: Source = optionSecret ? "option" : saved ? "settings" : null
  return { url, urlSource, secret, secretSource, secretWithheld: secretSource !== null && !paired }
}

/** The options (medusa-config or FRETE_*) win over what is saved in the admin, so a deployment can pin them. */
export function credentialsInForce(
  { freight, tracking }: FreteOptions,
  settings: FreteSettings,
  secrets: StoredSecrets
): Credentials {
  return {
    freight: service(freight.url, settings.freight_url, freight.token, secrets.freight_token),
    tracking: service(tracking.url, settings.tracking_url, tracking.credential, secrets.tracking_credential),
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
  return {
    encryption_available: encryptionAvailable,
    freight: view(credentials.freight),
    tracking: view(credentials.tracking),
  }
}

export function secretChanges(
  input: unknown,
  encryptionAvailable: boolean,
  issues: Array<{ field: string; message: string }>
): Partial<Record<SecretName, string | null>> {
  if (input === undefined) return {}
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    issues.push({ field: "secrets", message: "envie os segredos como um objeto" })
    return {}
  }
  const changes: Partial<Record<SecretName, string | null>> = {}
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    const refuse = (message: string) => issues.push({ field: `secrets.${name}`, message })
    if (!(SECRET_NAMES as readonly string[]).includes(name)) refuse("segredo desconhecido")
    else if (value === null) changes[name as SecretName] = null
    else if (typeof value !== "string" || !value.trim() || value.length > 1000)
      refuse("informe o segredo como texto, ou null para removê-lo")
    // Tokens and Basic credentials are printable ASCII: anything else would be sent changed, and refused.
    else if (!/^[\x20-\x7e]+$/.test(value))
      refuse("o segredo tem caracteres não permitidos: use só letras, números e símbolos ASCII")
    else if (!encryptionAvailable)
      refuse("Defina FRETE_ENCRYPTION_KEY (opção encryptionKey) no servidor para salvar segredos pelo painel.")
    else changes[name as SecretName] = value.trim()
  }
  return changes
}

/** A service whose saved URL changes forgets its secret unless a new one comes; a new one is bound to the URL used. */
export function sealSecrets(
  sealed: Sealed,
  changes: Partial<Record<SecretName, string | null>>,
  current: FreteSettings,
  next: FreteSettings,
  options: FreteOptions
): Sealed {
  const result = { ...sealed }
  for (const name of SECRET_NAMES) {
    const service = SERVICE_OF[name]
    const value = changes[name]
    if (value === null || (value === undefined && next[`${service}_url`] !== current[`${service}_url`])) {
      delete result[name]
      delete result[urlKey(name)]
    } else if (value !== undefined) {
      const url = options[service].url || next[`${service}_url`] || ""
      Object.assign(result, sealBound(name, value, url, options.encryptionKey as string))
    }
  }
  return result
}

/** `keys`: the key in force first. A v1 secret with no URL beside it could go anywhere: it is unreadable. */
export function openSecrets(sealed: Sealed, keys: readonly string[], report: (problem: string) => void): StoredSecrets {
  const secrets: StoredSecrets = {}
  for (const name of SECRET_NAMES.filter((name) => sealed[name])) {
    try {
      if (!keys.length) throw new Error("no encryptionKey (FRETE_ENCRYPTION_KEY) is set to decrypt it")
      const url = sealed[urlKey(name)]
      if (url === undefined) throw new Error("no URL is saved with it")
      const { plain, previousKey } = decryptWithKeys(sealed[name], keys, binding(url))
      const unbound = !isBoundSecret(sealed[name]) || undefined
      secrets[name] = { value: plain, url: url || null, unbound, previousKey: previousKey || undefined }
    } catch (error) {
      secrets[name] = { unreadable: true }
      report(`frete: the ${name} saved in the admin is ignored until it is saved again: ${(error as Error).message}`)
    }
  }
  return secrets
}

// Sealed again under `key`: a v1 secret once in force with its URL, bound to it (never to a URL it was not used with);
// a bound one under a previous key, to its own URL.
export function resealings(secrets: StoredSecrets, credentials: Credentials, key: string | undefined) {
  return SECRET_NAMES.flatMap((name): Array<{ name: SecretName; next: Sealed }> => {
    const secret = secrets[name]
    if (!key || !secret || "unreadable" in secret) return []
    if (!secret.unbound)
      return secret.previousKey ? [{ name, next: sealBound(name, secret.value, secret.url ?? "", key) }] : []
    const { secretSource, secretWithheld, url } = credentials[SERVICE_OF[name]]
    if (secretSource !== "settings" || secretWithheld || !url) return []
    return [{ name, next: sealBound(name, secret.value, url, key) }]
  })
}
