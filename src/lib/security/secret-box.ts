import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

const VERSION = "v1"
const IV_BYTES = 12
/** GCM's full tag; without it pinned, Node would take a tag cut to 4 bytes as valid (a 2^32 forgery). */
const TAG_BYTES = 16

/** The AES-256 key of an `encryptionKey` option of any length (at least 32 characters). */
function keyOf(encryptionKey: string): Buffer {
  return createHash("sha256").update(encryptionKey, "utf8").digest()
}

/**
 * Encrypts a secret with AES-256-GCM under a fresh random IV: "v1:<iv>:<tag>:<ciphertext>", each
 * part base64. The tag authenticates it: a changed byte or another key fails to decrypt.
 */
export function encryptSecret(plain: string, encryptionKey: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", keyOf(encryptionKey), iv, { authTagLength: TAG_BYTES })
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":")
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
 * The secret sealed by encryptSecret. Anything else throws SecretDecryptionError: another key, a
 * changed, cut or extended value (tag included), or a value that is not a sealed secret at all.
 */
export function decryptSecret(sealed: string, encryptionKey: string): string {
  const parts = typeof sealed === "string" ? sealed.split(":") : []
  const [version, ivText, tagText, ciphertextText] = parts
  if (parts.length !== 4 || version !== VERSION) {
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
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8")
  } catch {
    throw new SecretDecryptionError()
  }
}
