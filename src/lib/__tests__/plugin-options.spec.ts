import { FreteOptionsError, parseFreteOptions } from "../../../medusa-plugin.config"

describe("the plugin's options", () => {
  it("applies the defaults", () => {
    const options = parseFreteOptions({}, {})
    expect(options.freight).toMatchObject({
      timeoutMs: 2500,
      connections: 64,
      cache: { enabled: true, successTtlMs: 600_000, failureTtlMs: 30_000 },
    })
    // The cache and the breaker have no defaults of their own: these are theirs (the README's table).
    expect(options.freight.cache).toEqual({
      enabled: true,
      successTtlMs: 600_000,
      failureTtlMs: 30_000,
      staleTtlMs: 21_600_000,
      maxEntries: 10_000,
    })
    expect(options.freight.circuitBreaker).toEqual({ enabled: true, failureThreshold: 5, openMs: 30_000 })
    expect(options.tracking).toMatchObject({
      timeoutMs: 10000,
      connections: 4,
      retry: { baseDelayMs: 30_000, giveUpAfterMs: 86_400_000 },
    })
    expect(options.units).toEqual({ weight: "g", dimension: "cm" })
    expect(options.encryptionKey).toBeUndefined()
  })

  it("falls back to the FRETE_* variables, and an option that is given wins", () => {
    const env = {
      FRETE_FREIGHT_URL: "https://frete.example/api/",
      FRETE_FREIGHT_TOKEN: "env-token",
      FRETE_TRACKING_URL: "http://tracking.example",
      FRETE_TRACKING_CREDENTIAL: "env-credential",
      FRETE_ENCRYPTION_KEY: "k".repeat(32),
    }
    const fromEnv = parseFreteOptions(undefined, env)
    expect(fromEnv.freight.url).toBe("https://frete.example/api")
    expect(fromEnv.freight.token).toBe("env-token")
    expect(fromEnv.tracking.credential).toBe("env-credential")
    expect(fromEnv.encryptionKey).toBe("k".repeat(32))

    const given = parseFreteOptions({ freight: { token: "option-token", timeoutMs: 1000 } }, env)
    expect(given.freight.token).toBe("option-token")
    expect(given.freight.url).toBe("https://frete.example/api")
    expect(given.freight.timeoutMs).toBe(1000)
  })

  it("treats an empty value as missing, as `process.env.X` gives for an unset variable", () => {
    const options = parseFreteOptions({ freight: { url: undefined, token: "" } }, { FRETE_FREIGHT_TOKEN: "  " })
    expect(options.freight.token).toBeUndefined()
  })

  it("names the offending option without echoing secrets", () => {
    const attempt = () =>
      parseFreteOptions(
        { freight: { url: "ftp://x", token: "hidden-token" }, units: { weight: "lb" }, encryptionKey: "short" },
        {}
      )
    expect(attempt).toThrow(FreteOptionsError)
    expect(attempt).toThrow(/freight\.url/)
    expect(attempt).toThrow(/units\.weight/)
    expect(attempt).toThrow(/encryptionKey/)
    try {
      attempt()
    } catch (error) {
      expect(String(error)).not.toContain("hidden-token")
      expect(String(error)).not.toContain("short")
    }
  })

  describe("previousEncryptionKeys", () => {
    const KEY = "k".repeat(32)
    const OLD = "o".repeat(32)
    const OLDER = "p".repeat(32)
    const INVALID = "medusa-plugin-frete: invalid options:"

    it("is none by default, read from FRETE_PREVIOUS_ENCRYPTION_KEYS (comma-separated), and the option wins", () => {
      expect(parseFreteOptions({ encryptionKey: KEY }, {}).previousEncryptionKeys).toEqual([])
      const env = { FRETE_ENCRYPTION_KEY: KEY, FRETE_PREVIOUS_ENCRYPTION_KEYS: ` ${OLD} ,${OLDER},` }
      expect(parseFreteOptions({}, env).previousEncryptionKeys).toEqual([OLD, OLDER])
      expect(parseFreteOptions({ previousEncryptionKeys: [OLDER] }, env).previousEncryptionKeys).toEqual([OLDER])
      // Given as the variable's text, as `process.env.X` would be.
      const asText = parseFreteOptions({ previousEncryptionKeys: `${OLD},${OLDER}` }, env)
      expect(asText.previousEncryptionKeys).toEqual([OLD, OLDER])
    })

    it("stops Medusa naming the option, never a key, when a key is short or no encryptionKey is given", () => {
      const messageOf = (raw: unknown, env: Record<string, string> = {}) => {
        try {
          parseFreteOptions(raw, env)
        } catch (error) {
          expect(error).toBeInstanceOf(FreteOptionsError)
          return String((error as Error).message)
        }
        return "no error"
      }
      const short = messageOf({ encryptionKey: KEY, previousEncryptionKeys: [OLD, "too-short-old-key"] })
      expect(short).toBe(`${INVALID} previousEncryptionKeys.1 must be at least 32 characters long`)
      const alone = messageOf({}, { FRETE_PREVIOUS_ENCRYPTION_KEYS: OLD })
      const why = "needs encryptionKey, the key their secrets are sealed again under"
      expect(alone).toBe(`${INVALID} previousEncryptionKeys ${why}`)
      const notAList = messageOf({ encryptionKey: KEY, previousEncryptionKeys: 42 })
      expect(notAList.startsWith(`${INVALID} previousEncryptionKeys `)).toBe(true)
      const keys = [KEY, OLD, "too-short-old-key"]
      expect([short, alone, notAList].filter((message) => keys.some((key) => message.includes(key)))).toEqual([])
    })
  })
})
