// The kit's errors across a server/browser boundary: a server action returns plain data, so the
// error must come back from JSON with its code and the plugin's message.
import {
  errorFromAnswer,
  errorMessage,
  FreteError,
  isFreteErrorData,
  serializeFreteError,
  toFreteError,
  type FreteErrorData,
} from "../errors"

const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."
const GENERIC = "Não foi possível calcular o frete. Tente novamente."
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe("the kit's serialisable error", () => {
  it("keeps code, message, status and Retry-After through a JSON round trip", () => {
    const refused = errorFromAnswer(
      429,
      { code: "too_many_quotes", message: "Muitas consultas de frete em pouco tempo." },
      "42"
    )
    const data = roundTrip<FreteErrorData>(serializeFreteError(refused))
    expect(data).toEqual({
      code: "too_many_quotes",
      message: "Muitas consultas de frete em pouco tempo. Tente novamente em 42 segundos.",
      status: 429,
      retryAfterSeconds: 42,
    })
    expect(isFreteErrorData(data)).toBe(true)
    // JSON.stringify of the error itself goes through toJSON: no field lost.
    expect(roundTrip(new FreteError("cep_not_served", { status: 400 }))).toEqual({
      code: "cep_not_served",
      message: CEP_NOT_FOUND,
      status: 400,
      retryAfterSeconds: null,
    })
  })

  it("rebuilds a FreteError from its data, with what it can tell (isCepProblem)", () => {
    const rebuilt = toFreteError(
      roundTrip(serializeFreteError(errorFromAnswer(400, { code: "cep_not_served", message: CEP_NOT_FOUND })))
    )
    expect(rebuilt).toBeInstanceOf(FreteError)
    expect(rebuilt).toMatchObject({ code: "cep_not_served", message: CEP_NOT_FOUND, status: 400, isCepProblem: true })
  })

  it("shows the message it is given: a FreteError, its data, a { message } or a plain string", () => {
    const error = new FreteError("cep_not_served")
    for (const given of [error, error.toJSON(), roundTrip(error), { message: CEP_NOT_FOUND }, CEP_NOT_FOUND]) {
      expect(errorMessage(given)).toBe(CEP_NOT_FOUND)
    }
    expect(errorMessage("Frete indisponível para a região.")).toBe("Frete indisponível para a região.")
  })

  it("says to fix the CEP for an unknown or malformed CEP even when the message was lost or generic", () => {
    expect(errorMessage({ code: "cep_not_served" })).toBe(CEP_NOT_FOUND)
    expect(errorMessage({ code: "cep_not_served", message: GENERIC })).toBe(CEP_NOT_FOUND)
    expect(errorMessage({ code: "invalid_cep", message: "" })).toBe(
      "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100."
    )
    // A message that lost its code is still recognised as the plugin's.
    expect(toFreteError(CEP_NOT_FOUND).isCepProblem).toBe(true)
  })

  it("keeps the generic text for errors with nothing to say, and a network text for network failures", () => {
    expect(errorMessage({})).toBe(GENERIC)
    expect(errorMessage("  ")).toBe(GENERIC)
    expect(errorMessage(null)).toBe(GENERIC)
    expect(serializeFreteError(new TypeError("Failed to fetch"))).toMatchObject({
      code: "network",
      message: "Não foi possível falar com a loja. Verifique sua conexão e tente novamente.",
    })
    expect(errorMessage("TypeError: fetch failed")).toBe(
      "Não foi possível falar com a loja. Verifique sua conexão e tente novamente."
    )
    expect(isFreteErrorData({ code: "nope", message: "x" })).toBe(false)
  })
})
