import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

const IV_BYTES = 12
/** GCM's full tag; without it pinned, Node would take a tag cut to 4 bytes as valid (a 2^32 forgery). */
const TAG_BYTES = 16
/** Sealed before secrets were bound to their URL: read only with the URL kept beside it; the plugin writes none. */
const UNBOUND = "v1"
/** The URL the secret may be sent to is authenticated data: a row whose URL changed cannot be opened. */
const BOUND = "v2"

const keyOf = (encryptionKey: string): Buffer => createHash("sha256").update(encryptionKey, "utf8").digest()

/** AES-256-GCM: "<version>:<iv>:<tag>:<ciphertext>", base64; without `boundTo`, "v1" (for tests of old rows). */
export function encryptSecret(plain: string, encryptionKey: string, boundTo?: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", keyOf(encryptionKey), iv, { authTagLength: TAG_BYTES })
  if (boundTo !== undefined) cipher.setAAD(Buffer.from(boundTo, "utf8"))
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64"))
  return [boundTo === undefined ? UNBOUND : BOUND, ...parts].join(":")
}

export const isBoundSecret = (sealed: string): boolean => typeof sealed === "string" && sealed.startsWith(`${BOUND}:`)

export class SecretDecryptionError extends Error {
  constructor() {
    super("A stored secret cannot be decrypted: the encryption key changed, or the value was altered")
    this.name = "SecretDecryptionError"
  }
}

function base64Bytes(part: string): Buffer | null {
  const bytes = Buffer.from(part, "base64")
  return bytes.toString("base64") === part ? bytes : null
}

export function decryptSecret(sealed: string, encryptionKey: string, boundTo?: string): string {
  const parts = typeof sealed === "string" ? sealed.split(":") : []
  const [version, ...encoded] = parts
  const known = version === UNBOUND || (version === BOUND && boundTo !== undefined)
  const [iv, tag, ciphertext] = encoded.map(base64Bytes)
  if (parts.length !== 4 || !known || iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext)
    throw new SecretDecryptionError()
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(encryptionKey), iv, { authTagLength: TAG_BYTES })
    if (version === BOUND) decipher.setAAD(Buffer.from(boundTo as string, "utf8"))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")
  } catch {
    throw new SecretDecryptionError()
  }
}

/** Key rotation: the key in force (`keys[0]`) first; `previousKey`: seal it again before the old key is retired. */
export function decryptWithKeys(sealed: string, keys: readonly string[], boundTo?: string) {
  for (const [index, key] of keys.entries()) {
    try {
      return { plain: decryptSecret(sealed, key, boundTo), previousKey: index > 0 }
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error
    }
  }
  throw new SecretDecryptionError()
}
