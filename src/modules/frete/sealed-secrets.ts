import type { FreteOptions } from "../../../medusa-plugin.config"
import { normalizeServiceUrl } from "../../../medusa-plugin.config"
import { decryptSecret, encryptSecret, isBoundSecret } from "../../lib/security/secret-box"
import type { FreteSettings } from "../../lib/settings/schema"
import { boundUrlKey, SECRET_NAMES, urlForNewSecret, type SecretName, type StoredSecrets } from "./credentials"

type Issues = Array<{ field: string; message: string }>
/**
 * The `secrets` column: each secret encrypted, beside the URL it was saved for. The URL is kept
 * in plain text (the admin shows it) and is also the authenticated data of the encryption, so
 * that a URL changed in the table makes the secret undecryptable instead of sending it there.
 */
export type Sealed = Record<string, string>

/** The authenticated data that binds a secret to the URL it may be sent to. */
const bindingOf = (url: string) => normalizeServiceUrl(url.trim())

/** A secret encrypted with its URL bound in, and that URL beside it (the entries of the column). */
export function sealBound(name: SecretName, value: string, url: string, key: string): Sealed {
  return { [name]: encryptSecret(value, key, bindingOf(url)), [boundUrlKey(name)]: url }
}

/** The secrets a save changes (a string replaces one, null removes it), checked; a problem goes to `issues`. */
export function secretChanges(input: unknown, encryptionAvailable: boolean, issues: Issues): Partial<Record<SecretName, string | null>> {
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
      // Tokens and Basic credentials are printable ASCII; anything else (a NUL, a lone surrogate,
      // an accent pasted from a document) would be sent changed, and refused by the service.
      issues.push({ field, message: "o segredo tem caracteres não permitidos: use só letras, números e símbolos ASCII" })
    } else if (!encryptionAvailable) {
      issues.push({ field, message: "Defina FRETE_ENCRYPTION_KEY (opção encryptionKey) no servidor para salvar segredos pelo painel." })
    } else {
      changes[name as SecretName] = value.trim()
    }
  }
  return changes
}

/**
 * The sealed secrets after a save: a service whose saved URL changes forgets its saved secret
 * (unless a new one comes with it); a new secret is sealed with the URL in force after the save.
 */
export function sealSecrets(
  sealed: Sealed,
  changes: Partial<Record<SecretName, string | null>>,
  current: FreteSettings,
  next: FreteSettings,
  options: FreteOptions
): Sealed {
  const result = { ...sealed }
  const forget = (name: SecretName) => {
    delete result[name]
    delete result[boundUrlKey(name)]
  }
  for (const [name, urlField] of [["freight_token", "freight_url"], ["tracking_credential", "tracking_url"]] as const) {
    if (next[urlField] !== current[urlField] && !(name in changes)) forget(name)
  }
  for (const [name, value] of Object.entries(changes) as Array<[SecretName, string | null]>) {
    if (value === null) {
      forget(name)
    } else {
      Object.assign(result, sealBound(name, value, urlForNewSecret(options, next, name) ?? "", options.encryptionKey as string))
    }
  }
  return result
}

/**
 * The saved secrets, decrypted. One sealed with its URL opens only with the URL kept beside it;
 * one that cannot be opened (another key, a changed row) is marked unreadable, never sent, and its
 * problem is reported. One sealed before the binding is marked `unbound` (see secret-resealing.ts).
 */
export function openSecrets(sealed: Sealed, key: string | undefined, report: (problem: string) => void): StoredSecrets {
  const secrets: StoredSecrets = {}
  for (const name of SECRET_NAMES) {
    if (!sealed[name]) continue
    try {
      if (!key) {
        throw new Error("no encryptionKey (FRETE_ENCRYPTION_KEY) is set to decrypt it")
      }
      const url = sealed[boundUrlKey(name)]
      const value = decryptSecret(sealed[name], key, url === undefined ? undefined : bindingOf(url))
      secrets[name] = { value, url: url === undefined ? undefined : url || null, ...(isBoundSecret(sealed[name]) ? {} : { unbound: true }) }
    } catch (error) {
      secrets[name] = { unreadable: true }
      report(`frete: the ${name} saved in the admin is ignored until it is saved again: ${(error as Error).message}`)
    }
  }
  return secrets
}
