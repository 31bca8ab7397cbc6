import { parseFreteOptions } from "../../../../medusa-plugin.config"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import {
  accountFingerprint,
  credentialsInForce,
  encryptionKeys,
  openSecrets,
  resealings,
  sealSecrets,
  type Sealed,
} from "../credentials"
import { encryptSecret, isBoundSecret } from "../../../lib/security/secret-box"

const KEY = "a-key-for-the-credentials-unit-tests-0001"
/** The freight token as opened with these keys (the key in force first). */
const tokenOf = (sealed: Sealed, keys: string[] = [KEY]) => openSecrets(sealed, keys, () => undefined).freight_token
const withOptions = (freight: { url?: string; token?: string }) =>
  parseFreteOptions({ freight, tracking: {}, encryptionKey: KEY }, {})

describe("which secret goes to which URL", () => {
  it("pairs an option's token only with the option's URL", () => {
    const pinned = credentialsInForce(
      withOptions({ url: "https://frete.example", token: "t-opt" }),
      { ...DEFAULT_SETTINGS, freight_url: "https://other.example" },
      {}
    )
    expect(pinned.freight).toMatchObject({ url: "https://frete.example", secret: "t-opt", secretWithheld: false })

    const loose = credentialsInForce(
      withOptions({ token: "t-opt" }),
      { ...DEFAULT_SETTINGS, freight_url: "https://typed-by-admin.example" },
      {}
    )
    expect(loose.freight).toMatchObject({
      url: "https://typed-by-admin.example",
      secret: undefined,
      secretSource: "option",
      secretWithheld: true,
    })
  })

  it("pairs a saved secret only with the URL it was saved for", () => {
    const settings = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }
    const same = credentialsInForce(withOptions({}), settings, {
      freight_token: { value: "t-saved", url: "https://frete.example" },
    })
    expect(same.freight).toMatchObject({ secret: "t-saved", secretWithheld: false })
    const other = credentialsInForce(withOptions({}), settings, {
      freight_token: { value: "t-saved", url: "https://before.example" },
    })
    expect(other.freight).toMatchObject({ secret: undefined, secretSource: "settings", secretWithheld: true })
  })

  it("forgets a saved secret when its URL changes, and seals a new one with the URL in force", () => {
    const options = withOptions({})
    const current = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }
    const sealed = sealSecrets({}, { freight_token: "t-1" }, current, current, options)
    expect(sealed.freight_token_url).toBe("https://frete.example")
    expect(tokenOf(sealed)).toEqual({ value: "t-1", url: "https://frete.example" })

    const moved = { ...current, freight_url: "https://elsewhere.example" }
    expect(sealSecrets(sealed, {}, current, moved, options)).toEqual({})
    const movedWithSecret = sealSecrets(sealed, { freight_token: "t-2" }, current, moved, options)
    expect(tokenOf(movedWithSecret)).toEqual({ value: "t-2", url: "https://elsewhere.example" })
  })

  it("fingerprints an account without its secret", () => {
    const print = accountFingerprint("https://frete.example", "t-secret")
    expect(print).toMatch(/^[0-9a-f]{16}$/)
    expect(print).not.toContain("t-secret")
    expect(accountFingerprint("https://frete.example", "t-other")).not.toBe(print)
    expect(accountFingerprint(undefined, "t-secret")).toBe("none")
  })
})

describe("a saved secret bound to its URL inside the encryption", () => {
  const options = withOptions({})
  const settings = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }

  it("cannot be opened once the URL beside it is changed: never sent, and the admin is told to type it again", () => {
    const sealed = sealSecrets({}, { freight_token: "t-1" }, settings, settings, options)
    expect(isBoundSecret(sealed.freight_token)).toBe(true)
    const moved = { ...sealed, freight_token_url: "https://attacker.example" }
    const problems: string[] = []
    const secrets = openSecrets(moved, [KEY], (problem) => problems.push(problem))
    expect(secrets.freight_token).toEqual({ unreadable: true })
    expect(problems).toEqual([
      "frete: the freight_token saved in the admin is ignored until it is saved again: A stored secret cannot be decrypted: the encryption key changed, or the value was altered",
    ])

    // Both moved to the attacker's host: still not sent there.
    const credentials = credentialsInForce(options, { ...settings, freight_url: "https://attacker.example" }, secrets)
    expect(credentials.freight).toMatchObject({
      url: "https://attacker.example",
      secret: undefined,
      secretSource: "settings",
      secretWithheld: true,
    })
  })

  it("cannot be opened once the URL beside it is removed", () => {
    const sealed = sealSecrets({}, { freight_token: "t-1" }, settings, settings, options)
    const withoutUrl = { ...sealed }
    delete withoutUrl.freight_token_url
    expect(tokenOf(withoutUrl)).toEqual({ unreadable: true })
  })

  it("seals again, bound, a secret saved before the binding once it is in force with its URL", () => {
    const legacy = { freight_token: encryptSecret("t-old", KEY), freight_token_url: "https://frete.example" }
    const secrets = openSecrets(legacy, [KEY], () => undefined)
    expect(secrets.freight_token).toEqual({ value: "t-old", url: "https://frete.example", unbound: true })
    const credentials = credentialsInForce(options, settings, secrets)
    expect(credentials.freight).toEqual({
      url: "https://frete.example",
      urlSource: "settings",
      secret: "t-old",
      secretSource: "settings",
      secretWithheld: false,
    })
    const pending = resealings(secrets, credentials, KEY)
    expect(pending.map(({ name }) => name)).toEqual(["freight_token"])
    const next = pending[0].next
    expect({ bound: isBoundSecret(next.freight_token), url: next.freight_token_url }).toEqual({
      bound: true,
      url: "https://frete.example",
    })
    expect(tokenOf(next)).toEqual({ value: "t-old", url: "https://frete.example" })
  })

  it("keeps a secret saved before the binding from a URL other than the one kept beside it, and leaves it as it is", () => {
    const legacy = { freight_token: encryptSecret("t-old", KEY), freight_token_url: "https://before.example" }
    const secrets = openSecrets(legacy, [KEY], () => undefined)
    const credentials = credentialsInForce(options, settings, secrets)
    expect(credentials.freight).toEqual({
      url: "https://frete.example",
      urlSource: "settings",
      secret: undefined,
      secretSource: "settings",
      secretWithheld: true,
    })
    expect(resealings(secrets, credentials, KEY)).toEqual([])
  })

  it("uses a secret saved before the binding with no URL beside it nowhere: the admin asks for it again", () => {
    const legacy = { freight_token: encryptSecret("t-old", KEY) }
    const problems: string[] = []
    const secrets = openSecrets(legacy, [KEY], (problem) => problems.push(problem))
    expect({ secrets, problems }).toEqual({
      secrets: { freight_token: { unreadable: true } },
      problems: [
        "frete: the freight_token saved in the admin is ignored until it is saved again: no URL is saved with it",
      ],
    })
    const credentials = credentialsInForce(options, settings, secrets)
    expect(credentials.freight).toEqual({
      url: "https://frete.example",
      urlSource: "settings",
      secret: undefined,
      secretSource: "settings",
      secretWithheld: true,
    })
    expect(resealings(secrets, credentials, KEY)).toEqual([])
  })
})

describe("a saved secret through a change of encryptionKey", () => {
  const OLD_KEY = "the-encryption-key-it-replaced-0000000001"
  const settings = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }
  const rotated = parseFreteOptions({ encryptionKey: KEY, previousEncryptionKeys: [OLD_KEY] }, {})
  const underOldKey = parseFreteOptions({ encryptionKey: OLD_KEY }, {})

  it("is read with a previous key, and sealed again under the key in force, bound to the same URL", () => {
    const sealed = sealSecrets({}, { freight_token: "t-1" }, settings, settings, underOldKey)
    const secrets = openSecrets(sealed, encryptionKeys(rotated), () => undefined)
    expect(secrets.freight_token).toEqual({ value: "t-1", url: "https://frete.example", previousKey: true })
    const credentials = credentialsInForce(rotated, settings, secrets)
    expect(credentials.freight).toMatchObject({ secret: "t-1", secretWithheld: false })

    const pending = resealings(secrets, credentials, KEY)
    expect(pending.map(({ name }) => name)).toEqual(["freight_token"])
    const next = pending[0].next
    const sealedAgain = { bound: isBoundSecret(next.freight_token), url: next.freight_token_url }
    expect(sealedAgain).toEqual({ bound: true, url: "https://frete.example" })
    // The key in force alone opens it now; the previous one no longer does.
    expect(tokenOf(next)).toEqual({ value: "t-1", url: "https://frete.example" })
    expect(tokenOf(next, [OLD_KEY])).toEqual({ unreadable: true })
  })

  it("seals again a bound one not in force too, to the URL it is bound to and no other", () => {
    const elsewhere = { ...DEFAULT_SETTINGS, freight_url: "https://before.example" }
    const sealed = sealSecrets({}, { freight_token: "t-1" }, elsewhere, elsewhere, underOldKey)
    const secrets = openSecrets(sealed, encryptionKeys(rotated), () => undefined)
    const credentials = credentialsInForce(rotated, settings, secrets)
    expect(credentials.freight).toMatchObject({ secret: undefined, secretWithheld: true })
    const [{ next }] = resealings(secrets, credentials, KEY)
    expect(next.freight_token_url).toBe("https://before.example")
    expect(tokenOf(next)).toEqual({ value: "t-1", url: "https://before.example" })
  })

  it("seals a secret saved before the binding under a previous key again, bound, once in force with its URL", () => {
    const legacy = { freight_token: encryptSecret("t-old", OLD_KEY), freight_token_url: "https://frete.example" }
    const secrets = openSecrets(legacy, encryptionKeys(rotated), () => undefined)
    expect(secrets.freight_token).toEqual({
      value: "t-old",
      url: "https://frete.example",
      unbound: true,
      previousKey: true,
    })
    const [{ next }] = resealings(secrets, credentialsInForce(rotated, settings, secrets), KEY)
    expect(tokenOf(next)).toEqual({ value: "t-old", url: "https://frete.example" })
  })

  it("leaves a secret the key in force sealed as it is", () => {
    const sealed = sealSecrets({}, { freight_token: "t-1" }, settings, settings, rotated)
    const secrets = openSecrets(sealed, encryptionKeys(rotated), () => undefined)
    expect(resealings(secrets, credentialsInForce(rotated, settings, secrets), KEY)).toEqual([])
  })

  it("reports one no key given opens, naming neither key nor secret", () => {
    const sealed = sealSecrets({}, { freight_token: "t-1" }, settings, settings, underOldKey)
    const problems: string[] = []
    expect(openSecrets(sealed, [KEY], (problem) => problems.push(problem)).freight_token).toEqual({ unreadable: true })
    const leaks = problems.filter((line) => [KEY, OLD_KEY, "t-1"].some((value) => line.includes(value)))
    expect({ problems, leaks }).toEqual({
      problems: [expect.stringMatching(/^frete: the freight_token saved in the admin is ignored until it is saved/)],
      leaks: [],
    })
  })
})
