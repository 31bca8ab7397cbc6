import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

const VERSION = "v1"

/** The AES-256 key of an `encryptionKey` option of any length (at least 32 characters). */
function keyOf(encryptionKey: string): Buffer {
  return createHash("sha256").update(encryptionKey, "utf8").digest()
}

/**
 * Encrypts a secret with AES-256-GCM under a fresh random IV: "v1:<iv>:<tag>:<ciphertext>", each
 * part base64. The tag authenticates it: a changed byte or another key fails to decrypt.
 */
export function encryptSecret(plain: string, encryptionKey: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(encryptionKey), iv)
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":")
}

export class SecretDecryptionError extends Error {
  constructor() {
    super("A stored secret cannot be decrypted: the encryption key changed, or the value was altered")
    this.name = "SecretDecryptionError"
  }
}

export function decryptSecret(sealed: string, encryptionKey: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(":")
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
    throw new SecretDecryptionError()
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(encryptionKey), Buffer.from(iv, "base64"))
    decipher.setAuthTag(Buffer.from(tag, "base64"))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8")
  } catch {
    throw new SecretDecryptionError()
  }
}
