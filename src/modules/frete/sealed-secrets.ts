import type { FreteOptions } from "../../../medusa-plugin.config"
import { decryptSecret, encryptSecret } from "../../lib/security/secret-box"
import type { FreteSettings } from "../../lib/settings/schema"
import { boundUrlKey, SECRET_NAMES, urlForNewSecret, type SecretName, type StoredSecrets } from "./credentials"

type Issues = Array<{ field: string; message: string }>
/** The `secrets` column: each secret encrypted, beside the URL it was saved for (plain: a URL is no secret). */
export type Sealed = Record<string, string>

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
      result[name] = encryptSecret(value, options.encryptionKey as string)
      result[boundUrlKey(name)] = urlForNewSecret(options, next, name) ?? ""
    }
  }
  return result
}

/** The saved secrets, decrypted; one that cannot be read counts as not set, and its problem is reported. */
export function openSecrets(sealed: Sealed, key: string | undefined, report: (problem: string) => void): StoredSecrets {
  const secrets: StoredSecrets = {}
  for (const name of SECRET_NAMES) {
    if (!sealed[name]) continue
    try {
      if (!key) {
        throw new Error("no encryptionKey (FRETE_ENCRYPTION_KEY) is set to decrypt it")
      }
      const url = sealed[boundUrlKey(name)]
      secrets[name] = { value: decryptSecret(sealed[name], key), url: url === undefined ? undefined : url || null }
    } catch (error) {
      report(`frete: the ${name} saved in the admin is ignored: ${(error as Error).message}`)
    }
  }
  return secrets
}
