import { capturedLines, findLeaks, quietedLines, recordCalls } from "../log-guard"

const SECRETS = ["Tok+en/With=Chars-9f8e7d", Buffer.from("usuario:senha-secreta").toString("base64")]

describe("the log guard's leak finder", () => {
  it.each([
    ["a secret as it is", `freight call failed with token ${SECRETS[0]}`, "secret"],
    ["a secret URL-encoded", `GET /v2/consulta?cep=01310100&token=${encodeURIComponent(SECRETS[0])}`, "secret"],
    [
      "any token parameter that is not redacted",
      "POST https://api.example/v2/consulta?token=abc123def",
      "token parameter",
    ],
    [
      "an Authorization header's Basic credential",
      "headers: { authorization: 'Basic dXNlcjpwYXNzd29yZA==' }",
      "basic credential",
    ],
    ["a CPF with its punctuation", "customer 529.982.247-25 has no phone", "cpf"],
    ["a CPF as 11 digits", '{"CustomerDocumentNumber":"52998224725"}', "cpf"],
  ])("finds %s", (_name, line, kind) => {
    expect(findLeaks(line, SECRETS).map((leak) => leak.kind)).toContain(kind)
  })

  it.each([
    ["a redacted token parameter", "POST https://api.example/v2/consulta?token=[REDACTED]&x=1"],
    ["a redacted Basic credential", "authorization: Basic [REDACTED]"],
    ["a masked CPF", "CustomerDocumentNumber left out: ***.982.247-** is not valid"],
    ["11 digits that are no CPF", "invalid CPF 111.111.111-11, order 52998224726"],
    ["digits inside an id", "fulfillment ful_01K52998224725ZQ shipped"],
    ["a CEP and a phone", "01310-100 -> 20040-002, phone (21) 98765-4321"],
  ])("lets %s through", (_name, line) => {
    expect(findLeaks(line, SECRETS)).toEqual([])
  })

  it("never repeats what it found in its excerpt", () => {
    const leaks = findLeaks(`token ${SECRETS[0]} and cpf 52998224725`, SECRETS)
    expect(leaks).toHaveLength(2)
    for (const leak of leaks) {
      expect(leak.excerpt).not.toContain(SECRETS[0])
      expect(leak.excerpt).not.toContain("52998224725")
    }
  })
})

describe("the log guard's recorder", () => {
  it("records knex's warning of a connection the runner ended without printing it, and prints and records anything else", () => {
    const printed: string[] = []
    const target = { log: (...args: unknown[]) => void printed.push(args.join(" ")) }
    recordCalls(target, ["log"])
    const before = quietedLines()
    target.log("Connection Error: Connection ended unexpectedly")
    target.log("Connection Error: Error: Connection terminated unexpectedly")
    target.log("Connection Error: connect ECONNREFUSED 127.0.0.1:5432")
    expect(printed).toEqual(["Connection Error: connect ECONNREFUSED 127.0.0.1:5432"])
    expect(quietedLines() - before).toBe(2)
    expect(capturedLines().slice(-3)).toEqual([
      "Connection Error: Connection ended unexpectedly",
      "Connection Error: Error: Connection terminated unexpectedly",
      "Connection Error: connect ECONNREFUSED 127.0.0.1:5432",
    ])
  })
})
