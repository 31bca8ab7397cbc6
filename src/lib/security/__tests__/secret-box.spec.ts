import { decryptSecret, encryptSecret, SecretDecryptionError } from "../secret-box"

const KEY = "k".repeat(16) + "an-encryption-key-of-32+"

describe("secrets saved from the admin", () => {
  it("round-trips, and never shows the plain text in what it stores", () => {
    const sealed = encryptSecret("token-9f8e7d", KEY)
    expect(sealed).not.toContain("token-9f8e7d")
    expect(sealed.startsWith("v1:")).toBe(true)
    expect(decryptSecret(sealed, KEY)).toBe("token-9f8e7d")
  })

  it("uses a fresh IV each time: the same secret seals differently", () => {
    expect(encryptSecret("same", KEY)).not.toBe(encryptSecret("same", KEY))
  })

  it("refuses another key and an altered value", () => {
    const sealed = encryptSecret("token", KEY)
    expect(() => decryptSecret(sealed, `${KEY}-other`)).toThrow(SecretDecryptionError)
    const parts = sealed.split(":")
    const flipped = Buffer.from(parts[3], "base64")
    flipped[0] ^= 1
    expect(() => decryptSecret([parts[0], parts[1], parts[2], flipped.toString("base64")].join(":"), KEY)).toThrow(SecretDecryptionError)
    expect(() => decryptSecret("garbage", KEY)).toThrow(SecretDecryptionError)
  })
})
