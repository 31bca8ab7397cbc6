import { redact, REDACTED } from "../redact"

describe("redact", () => {
  it("removes the token query parameter of a URL", () => {
    expect(redact("POST https://api.example/v2/consulta?token=abc123&x=1")).toBe(
      `POST https://api.example/v2/consulta?token=${REDACTED}&x=1`
    )
  })

  it("removes an Authorization header's value", () => {
    expect(redact('{"authorization":"Basic dXNlcjpwYXNz"}')).toBe(`{"authorization":"Basic ${REDACTED}"}`)
    expect(redact("Authorization: Basic dXNlcjpwYXNz")).toBe(`Authorization: Basic ${REDACTED}`)
  })

  it("removes a known secret wherever it stands, raw or URL-encoded", () => {
    const secret = "s3cr3t/with+chars="
    const text = `service said: token ${secret} is bad; url ?t=${encodeURIComponent(secret)}`
    const out = redact(text, [secret])
    expect(out).not.toContain(secret)
    expect(out).not.toContain(encodeURIComponent(secret))
    expect(out).toContain(REDACTED)
  })

  it("leaves the input untouched and ignores empty secrets", () => {
    const text = "nothing to hide here"
    expect(redact(text, ["", undefined])).toBe(text)
  })
})
