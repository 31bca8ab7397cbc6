import { parseFreteOptions } from "../../../../medusa-plugin.config"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import { accountFingerprint, credentialsInForce } from "../credentials"
import { openSecrets, sealSecrets } from "../sealed-secrets"

const KEY = "a-key-for-the-credentials-unit-tests-0001"
const withOptions = (freight: { url?: string; token?: string }) => parseFreteOptions({ freight, tracking: {}, encryptionKey: KEY }, {})

describe("which secret goes to which URL", () => {
  it("pairs an option's token only with the option's URL", () => {
    const pinned = credentialsInForce(withOptions({ url: "https://frete.example", token: "t-opt" }), { ...DEFAULT_SETTINGS, freight_url: "https://other.example" }, {})
    expect(pinned.freight).toMatchObject({ url: "https://frete.example", secret: "t-opt", secretWithheld: false })

    const loose = credentialsInForce(withOptions({ token: "t-opt" }), { ...DEFAULT_SETTINGS, freight_url: "https://typed-by-admin.example" }, {})
    expect(loose.freight).toMatchObject({ url: "https://typed-by-admin.example", secret: undefined, secretSource: "option", secretWithheld: true })
  })

  it("pairs a saved secret only with the URL it was saved for", () => {
    const settings = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }
    const same = credentialsInForce(withOptions({}), settings, { freight_token: { value: "t-saved", url: "https://frete.example" } })
    expect(same.freight).toMatchObject({ secret: "t-saved", secretWithheld: false })
    const other = credentialsInForce(withOptions({}), settings, { freight_token: { value: "t-saved", url: "https://before.example" } })
    expect(other.freight).toMatchObject({ secret: undefined, secretSource: "settings", secretWithheld: true })
  })

  it("forgets a saved secret when its URL changes, and seals a new one with the URL in force", () => {
    const options = withOptions({})
    const current = { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }
    const sealed = sealSecrets({}, { freight_token: "t-1" }, current, current, options)
    expect(sealed.freight_token_url).toBe("https://frete.example")
    expect(openSecrets(sealed, KEY, () => undefined).freight_token).toEqual({ value: "t-1", url: "https://frete.example" })

    const moved = { ...current, freight_url: "https://elsewhere.example" }
    expect(sealSecrets(sealed, {}, current, moved, options)).toEqual({})
    const movedWithSecret = sealSecrets(sealed, { freight_token: "t-2" }, current, moved, options)
    expect(openSecrets(movedWithSecret, KEY, () => undefined).freight_token).toEqual({ value: "t-2", url: "https://elsewhere.example" })
  })

  it("fingerprints an account without its secret", () => {
    const print = accountFingerprint("https://frete.example", "t-secret")
    expect(print).toMatch(/^[0-9a-f]{16}$/)
    expect(print).not.toContain("t-secret")
    expect(accountFingerprint("https://frete.example", "t-other")).not.toBe(print)
    expect(accountFingerprint(undefined, "t-secret")).toBe("none")
  })
})
