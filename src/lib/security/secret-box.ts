import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

const IV_BYTES = 12
/** GCM's full tag; without it pinned, Node would take a tag cut to 4 bytes as valid (a 2^32 forgery). */
const TAG_BYTES = 16

/** The AES-256 key of an `encryptionKey` option of any length (at least 32 characters). */
function keyOf(encryptionKey: string): Buffer {
  return createHash("sha256").update(encryptionKey, "utf8").digest()
}

/** Sealed with no authenticated data: written before secrets were bound to their URL; still read, never written by the plugin. */
const UNBOUND = "v1"
/** Sealed with authenticated data (the URL the secret may be sent to): changing either makes it undecryptable. */
const BOUND = "v2"

/**
 * Encrypts a secret with AES-256-GCM under a fresh random IV: "<version>:<iv>:<tag>:<ciphertext>",
 * each part base64. The tag authenticates it: a changed byte or another key fails to decrypt.
 * With `boundTo` (what the secret is for, e.g. its normalized URL) the tag covers that text as
 * authenticated data ("v2"): the same value must be given to decrypt, so a row whose URL was
 * changed beside the ciphertext cannot be opened. Without it ("v1"): the format before the binding,
 * kept for tests of secrets saved back then.
 */
export function encryptSecret(plain: string, encryptionKey: string, boundTo?: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", keyOf(encryptionKey), iv, { authTagLength: TAG_BYTES })
  if (boundTo !== undefined) cipher.setAAD(Buffer.from(boundTo, "utf8"))
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  const version = boundTo === undefined ? UNBOUND : BOUND
  return [version, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":")
}

/** Whether a sealed value carries its binding ("v2"); a "v1" value was sealed before the binding existed. */
export function isBoundSecret(sealed: string): boolean {
  return typeof sealed === "string" && sealed.startsWith(`${BOUND}:`)
}

export class SecretDecryptionError extends Error {
  constructor() {
    super("A stored secret cannot be decrypted: the encryption key changed, or the value was altered")
    this.name = "SecretDecryptionError"
  }
}

/** A part of a sealed value as bytes, or null unless it is canonical base64 (what encryptSecret writes). */
function base64Bytes(part: string): Buffer | null {
  const bytes = Buffer.from(part, "base64")
  return bytes.toString("base64") === part ? bytes : null
}

/**
 * The secret sealed by encryptSecret. A "v2" value opens only with the `boundTo` it was sealed
 * with; a "v1" value has no binding and ignores it. Anything else throws SecretDecryptionError:
 * another key, another binding, a changed, cut or extended value (tag included), or a value that
 * is not a sealed secret at all.
 */
export function decryptSecret(sealed: string, encryptionKey: string, boundTo?: string): string {
  const parts = typeof sealed === "string" ? sealed.split(":") : []
  const [version, ivText, tagText, ciphertextText] = parts
  if (parts.length !== 4 || (version !== UNBOUND && version !== BOUND) || (version === BOUND && boundTo === undefined)) {
    throw new SecretDecryptionError()
  }
  const iv = base64Bytes(ivText)
  const tag = base64Bytes(tagText)
  const ciphertext = base64Bytes(ciphertextText)
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || ciphertext === null) {
    throw new SecretDecryptionError()
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(encryptionKey), iv, { authTagLength: TAG_BYTES })
    if (version === BOUND) decipher.setAAD(Buffer.from(boundTo as string, "utf8"))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")
  } catch {
    throw new SecretDecryptionError()
  }
}
