import fc from "fast-check"
import { redact, REDACTED } from "../../security/redact"
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../../security/secret-box"

// ---- redact ----

/** Every way a secret may be written in a message: raw, encodeURIComponent, and URLSearchParams (as the transport builds URLs). */
function formsOf(secret: string): string[] {
  let encoded: string | null = null
  try {
    encoded = encodeURIComponent(secret)
  } catch {
    // a lone surrogate: no URL-encoded form
  }
  return [secret, encoded, new URLSearchParams({ t: secret }).toString().slice(2)].filter(
    (form): form is string => !!form
  )
}

const oddities = fc.constantFrom(
  "\u0000",
  "\n",
  "\u202e",
  "e\u0301",
  "👩‍👩‍👧‍👦",
  "\ud800",
  "ß",
  "%",
  "+",
  " ",
  "&",
  "=",
  "?",
  "#",
  "/",
  "~",
  "!",
  "'",
  "(",
  ")",
  "*",
  "é",
  "[",
  "]"
)
const anyText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.oneof(oddities, fc.string({ maxLength: 4 })), { maxLength: 10 }).map((parts) => parts.join(""))
)
/** Tokens and credentials as services issue them, and then anything at all. */
const secret = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9]{8,40}$/),
  fc.base64String({ minLength: 8, maxLength: 48 }),
  fc.stringMatching(/^[A-Za-z0-9 !$&'()*+,;=:@~._\-/?%]{6,30}$/),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 })
)
/** A text with the secret embedded in any of its forms, any number of times, between any text. */
const textWith = (secrets: string[]) =>
  fc
    .array(
      fc.oneof(
        anyText,
        fc.constantFrom(...secrets.flatMap(formsOf)),
        fc.constantFrom(...secrets.flatMap(formsOf)).map((form) => `?token=${form}&x=1`)
      ),
      { minLength: 1, maxLength: 8 }
    )
    .map((parts) => parts.join(""))

/** Whether the secret can show again only through the marker's own characters (a secret like "E" or "]x"). */
const touchesMarker = (form: string) => REDACTED.includes(form) || /[[\]]/.test(form)

describe("redact (properties)", () => {
  it("leaves no form of any secret in the text, wherever and however often it was written; never throws", () => {
    fc.assert(
      fc.property(
        fc
          .array(secret, { minLength: 1, maxLength: 3 })
          .chain((secrets) => fc.tuple(fc.constant(secrets), textWith(secrets))),
        ([secrets, text]) => {
          const out = redact(text, secrets)
          // Between the markers, nothing of any secret survives.
          for (const piece of out.split(REDACTED)) {
            for (const form of secrets.flatMap(formsOf)) expect(piece.includes(form)).toBe(false)
          }
          for (const form of secrets.flatMap(formsOf).filter((each) => !touchesMarker(each)))
            expect(out.includes(form)).toBe(false)
        }
      ),
      { numRuns: 150 }
    )
  })

  it("leaves no character of overlapping secrets: two credentials written across each other vanish together", () => {
    const secretChar = fc.constantFrom(..."abcdefghijklmnopqrstuvw0123456789")
    const otherChar = fc.constantFrom(..." .,;:!?xyz-_\n")
    fc.assert(
      fc.property(
        fc.string({ unit: secretChar, minLength: 2, maxLength: 16 }),
        fc.string({ unit: secretChar, minLength: 1, maxLength: 16 }),
        fc.nat(),
        fc.string({ unit: otherChar, maxLength: 10 }),
        fc.string({ unit: otherChar, maxLength: 10 }),
        (first, tail, cut, before, after) => {
          // `second` starts with the end of `first`: "…tokenAB" + "ABcred…" written as "…tokenABcred…".
          const overlap = 1 + (cut % (first.length - 1))
          const second = first.slice(-overlap) + tail
          const out = redact(`${before}${first}${tail}${after}`, [first, second])
          expect(out).toBe(`${before}${REDACTED}${after}`)
        }
      ),
      { numRuns: 300 }
    )
  })

  it("removes the token of any URL and the credential of any Authorization header, with no secret given", () => {
    const value = fc.stringMatching(/^[A-Za-z0-9+/=._~%-]{6,40}$/)
    fc.assert(
      fc.property(
        value,
        fc.constantFrom("Basic", "Bearer", "basic"),
        fc.constantFrom("authorization: ", '"Authorization":"', "Authorization="),
        anyText,
        (credential, scheme, header, around) => {
          const url = redact(`${around} POST https://api.example/v2/consulta?token=${credential}&b=2 ${around}`)
          expect(url).toContain(`?token=${REDACTED}&b=2`)
          const headerLine = redact(`${header}${scheme} ${credential}`)
          expect(headerLine).toBe(`${header}${scheme} ${REDACTED}`)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("changes nothing in a text that holds no secret and no credential pattern", () => {
    fc.assert(
      fc.property(anyText, fc.array(secret, { maxLength: 3 }), (text, secrets) => {
        fc.pre(!/token=|authorization|basic|bearer/i.test(text))
        fc.pre(secrets.flatMap(formsOf).every((form) => !text.includes(form)))
        expect(redact(text, [...secrets, undefined, ""])).toBe(text)
      }),
      { numRuns: 300 }
    )
  })
})

// ---- secret box ----

const KEY = "an-encryption-key-of-at-least-32-characters"
/** Well-formed Unicode text: any script, emoji, combining marks, controls, long. */
const plain = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "grapheme-composite", maxLength: 60 }),
  fc
    .string({ unit: "binary", maxLength: 60 })
    .filter((text) => !/[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))),
  fc.string({ unit: fc.constantFrom("\u0000", "é", "😀", "\u202e", "a", ":", "="), minLength: 500, maxLength: 2000 })
)
const key = fc.oneof(
  fc.constant(KEY),
  fc.string({ minLength: 32, maxLength: 64 }),
  fc.string({ unit: "grapheme", minLength: 32, maxLength: 40 })
)

function refused(run: () => unknown): boolean {
  try {
    run()
    return false
  } catch (error) {
    if (error instanceof SecretDecryptionError) return true
    throw error
  }
}

describe("secret box (properties)", () => {
  it("round-trips any Unicode text under any key, and the sealed text never shows it", () => {
    fc.assert(
      fc.property(plain, key, (text, k) => {
        const sealed = encryptSecret(text, k)
        expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]*=*$/)
        expect(decryptSecret(sealed, k)).toBe(text)
        if (text.length >= 6) expect(sealed.includes(text)).toBe(false)
      }),
      { numRuns: 200 }
    )
  })

  it("refuses, with SecretDecryptionError, any changed byte of the IV, tag or ciphertext, a cut or extended part, and another key", () => {
    fc.assert(
      fc.property(
        plain,
        key,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom("flip", "cut", "extend", "key"),
        (text, k, at, mask, part, how) => {
          const sealed = encryptSecret(text, k)
          const parts = sealed.split(":")
          const bytes = Buffer.from(parts[part], "base64")
          if (how === "flip") {
            fc.pre(bytes.length > 0)
            bytes[at % bytes.length] ^= mask
          }
          const changed =
            how === "cut"
              ? bytes.subarray(0, at % Math.max(1, bytes.length))
              : how === "extend"
                ? Buffer.concat([bytes, Buffer.from([mask])])
                : bytes
          fc.pre(how === "key" || !changed.equals(Buffer.from(parts[part], "base64")))
          const tampered = [...parts.slice(0, part), changed.toString("base64"), ...parts.slice(part + 1)].join(":")
          expect(refused(() => decryptSecret(how === "key" ? sealed : tampered, how === "key" ? `${k}!` : k))).toBe(
            true
          )
        }
      ),
      { numRuns: 300 }
    )
  })

  it("refuses a sealed value with anything added or changed in its text, even what base64 decoding would skip", () => {
    fc.assert(
      fc.property(plain, fc.nat(), fc.constantFrom(":", ":x", " ", "!", "\n", "=", "v1:"), (text, at, insert) => {
        const sealed = encryptSecret(text, KEY)
        const position = 3 + (at % (sealed.length - 2))
        const tampered = `${sealed.slice(0, position)}${insert}${sealed.slice(position)}`
        expect(refused(() => decryptSecret(tampered, KEY))).toBe(true)
      }),
      { numRuns: 300 }
    )
  })

  it("refuses anything that is not a sealed secret with SecretDecryptionError, never another error", () => {
    const junk: fc.Arbitrary<unknown> = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((parts) => `v1:${parts.join(":")}`),
      fc.constantFrom("v1:::", "v1:AAAA:AAAA:", "v2:a:b:c", ""),
      fc.anything()
    )
    fc.assert(
      fc.property(junk, (sealed) => {
        expect(refused(() => decryptSecret(sealed as string, KEY))).toBe(true)
      }),
      { numRuns: 300 }
    )
  })
})
