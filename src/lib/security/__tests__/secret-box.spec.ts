import { decryptSecret, decryptWithKeys, encryptSecret, isBoundSecret, SecretDecryptionError } from "../secret-box"

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
    expect(() => decryptSecret([parts[0], parts[1], parts[2], flipped.toString("base64")].join(":"), KEY)).toThrow(
      SecretDecryptionError
    )
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

  describe("with previous keys (rotation)", () => {
    const NEW_KEY = "n".repeat(16) + "the-key-in-force-now-32+"
    const OLD_KEY = "o".repeat(16) + "a-key-it-replaced-of-32+"
    const OLDER_KEY = "p".repeat(16) + "a-key-before-that-of-32+"

    it("opens with the key in force, then with each previous key, and says whether a previous one did", () => {
      const keys = [NEW_KEY, OLD_KEY, OLDER_KEY]
      expect(decryptWithKeys(encryptSecret("t-now", NEW_KEY, "https://a.example"), keys, "https://a.example")).toEqual({
        plain: "t-now",
        previousKey: false,
      })
      expect(decryptWithKeys(encryptSecret("t-old", OLD_KEY, "https://a.example"), keys, "https://a.example")).toEqual({
        plain: "t-old",
        previousKey: true,
      })
      const unbound = encryptSecret("t-older", OLDER_KEY)
      expect(decryptWithKeys(unbound, keys)).toEqual({ plain: "t-older", previousKey: true })
    })

    it("keeps the binding under every key: a previous key does not open a secret bound to another URL", () => {
      const sealed = encryptSecret("t-old", OLD_KEY, "https://frete.example")
      const elsewhere = () => decryptWithKeys(sealed, [NEW_KEY, OLD_KEY], "https://attacker.example")
      expect(elsewhere).toThrow(SecretDecryptionError)
      expect(() => decryptWithKeys(sealed, [NEW_KEY, OLD_KEY])).toThrow(SecretDecryptionError)
    })

    it("refuses what no key given sealed, and anything with no key at all", () => {
      const sealed = encryptSecret("t-old", OLD_KEY, "https://frete.example")
      const otherKeys = () => decryptWithKeys(sealed, [NEW_KEY, OLDER_KEY], "https://frete.example")
      expect(otherKeys).toThrow(SecretDecryptionError)
      expect(() => decryptWithKeys(sealed, [], "https://frete.example")).toThrow(SecretDecryptionError)
    })

    it("never puts a key or the plain text in its error", () => {
      const sealed = encryptSecret("t-plain-9c1d", OLD_KEY, "https://frete.example")
      const message = (() => {
        try {
          decryptWithKeys(sealed, [NEW_KEY, OLDER_KEY], "https://frete.example")
        } catch (error) {
          return String(error)
        }
      })()
      expect([NEW_KEY, OLD_KEY, OLDER_KEY, "t-plain-9c1d"].filter((value) => message?.includes(value))).toEqual([])
    })
  })
})
