import { decryptSecret, encryptSecret, isBoundSecret, SecretDecryptionError } from "../secret-box"

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

  it("binds a secret to what it is for: it opens only with the same binding", () => {
    const sealed = encryptSecret("token-bound", KEY, "https://frete.example")
    expect({ version: sealed.split(":")[0], bound: isBoundSecret(sealed) }).toEqual({ version: "v2", bound: true })
    expect(decryptSecret(sealed, KEY, "https://frete.example")).toBe("token-bound")
    expect(() => decryptSecret(sealed, KEY, "https://attacker.example")).toThrow(SecretDecryptionError)
    expect(() => decryptSecret(sealed, KEY, "")).toThrow(SecretDecryptionError)
    expect(() => decryptSecret(sealed, KEY)).toThrow(SecretDecryptionError)
    // Relabelled as unbound, the tag (computed over the binding) no longer matches.
    expect(() => decryptSecret(sealed.replace(/^v2:/, "v1:"), KEY)).toThrow(SecretDecryptionError)
  })

  it("still opens a secret sealed before the binding, whatever binding is asked", () => {
    const legacy = encryptSecret("token-old", KEY)
    expect(isBoundSecret(legacy)).toBe(false)
    expect(decryptSecret(legacy, KEY, "https://frete.example")).toBe("token-old")
  })
})
