import { BULK_RESEND_BODY, RESEND_BODY } from "../validators"

const parseBulkResendBody = (body: unknown) => BULK_RESEND_BODY.parse(body)

describe("the bulk resend's body", () => {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString()

  it("takes ids, once each, or a period of failures", () => {
    expect(parseBulkResendBody({ ids: ["frtrk_1", "frtrk_2", "frtrk_1"] })).toEqual({ ids: ["frtrk_1", "frtrk_2"] })
    expect(parseBulkResendBody({ failed_since: hourAgo })).toEqual({ failed_since: new Date(hourAgo) })
  })

  it("takes the ids the merchant confirmed among those the service may have created, each also in ids", () => {
    expect(parseBulkResendBody({ ids: ["frtrk_1", "frtrk_2"], resend_maybe_created: ["frtrk_2", "frtrk_2"] })).toEqual({
      ids: ["frtrk_1", "frtrk_2"],
      resend_maybe_created: ["frtrk_2"],
    })
  })

  it.each<[unknown, RegExp]>([
    [{}, /Informe ids .* ou failed_since/],
    [{ ids: ["frtrk_1"], resend_maybe_created: ["frtrk_2"] }, /resend_maybe_created deve estar também em ids/],
    [{ ids: ["frtrk_1"], resend_maybe_created: true }, /resend_maybe_created deve ser uma lista/],
    [{ ids: ["frtrk_1"], resend_maybe_created: "frtrk_1" }, /resend_maybe_created deve ser uma lista/],
    [{ ids: "frtrk_1", resend_maybe_created: ["frtrk_1"] }, /ids deve ser uma lista/],
    [{ failed_since: hourAgo, resend_maybe_created: ["frtrk_1"] }, /resend_maybe_created vale só com ids/],
    [null, /Informe ids .* ou failed_since/],
    [["frtrk_1"], /Informe ids .* ou failed_since/],
    [{ ids: [] }, /ao menos um/],
    [{ ids: "frtrk_1" }, /ids deve ser uma lista/],
    [{ ids: [1] }, /Cada id deve ser um texto/],
    [{ ids: ["frtrk\u0000"] }, /Id inválido/],
    [{ ids: Array.from({ length: 101 }, (_, index) => `frtrk_${index}`) }, /No máximo 100/],
    [{ ids: ["frtrk_1"], outro: 1 }, /Campo desconhecido: outro/],
    [{ failed_since: "ontem" }, /failed_since inválido/],
    [{ failed_since: 3 }, /failed_since inválido/],
    // Dates JavaScript reads and Postgres refuses: a 400 naming the field, never a 500.
    [{ failed_since: "-010000-01-01T00:00:00Z" }, /failed_since inválido/],
    [{ failed_since: hourAgo, failed_until: "+275760-09-13T00:00:00Z" }, /failed_until inválido/],
    [{ failed_since: hourAgo, failed_until: "amanhã" }, /failed_until inválido/],
    [{ failed_since: longAgo }, /no máximo 31 dias/],
    [{ failed_since: new Date().toISOString(), failed_until: longAgo }, /antes de failed_until/],
  ])("refuses a wrong body in Portuguese (case %#)", (body, message) => {
    expect(() => parseBulkResendBody(body)).toThrow(message)
  })
})

describe("the single resend's body", () => {
  it("confirms a row the service may have created only with resend_maybe_created: true", () => {
    expect(RESEND_BODY.parse({})).toEqual({ resend_maybe_created: false })
    expect(RESEND_BODY.parse({ resend_maybe_created: true })).toEqual({ resend_maybe_created: true })
  })

  it.each<[unknown, RegExp]>([
    [{ resend_maybe_created: "sim" }, /resend_maybe_created deve ser true ou false/],
    [{ resend_maybe_created: ["frtrk_1"] }, /resend_maybe_created deve ser true ou false/],
    [{ outro: 1 }, /Campo desconhecido: outro/],
    [["frtrk_1"], /Envie um objeto JSON/],
  ])("refuses a wrong body in Portuguese (case %#)", (body, message) => {
    expect(() => RESEND_BODY.parse(body)).toThrow(message)
  })
})
