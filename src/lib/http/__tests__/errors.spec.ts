import {
  CepNotFoundError,
  errorFromResponse,
  FreightQueryRejectedError,
  InvalidCredentialsError,
  QuotaExceededError,
  ServerError,
  TrackingRejectedError,
} from "../errors"

describe("errorFromResponse", () => {
  it("builds a typed error per class of failure", () => {
    expect(errorFromResponse("freight", 401, '{"erro_id":1,"erro_mensagem":"Erro de autenticação"}', [])).toBeInstanceOf(InvalidCredentialsError)
    expect(errorFromResponse("freight", 429, '{"erro_id":2,"erro_mensagem":"Limite"}', [])).toBeInstanceOf(QuotaExceededError)
    expect(errorFromResponse("freight", 500, '{"erro_id":0}', [])).toBeInstanceOf(ServerError)
    expect(errorFromResponse("freight", 503, "<html>down</html>", [])).toBeInstanceOf(ServerError)
    expect(errorFromResponse("tracking", 400, '{"Success":false,"Message":"Campo inválido"}', [])).toBeInstanceOf(TrackingRejectedError)
    expect(errorFromResponse("tracking", 401, "", [])).toBeInstanceOf(InvalidCredentialsError)
  })

  it("names every 400 of the freight API and tells the CEP errors apart", () => {
    const origin = errorFromResponse("freight", 400, '{"erro_id":101,"erro_mensagem":"x"}', [])
    const destination = errorFromResponse("freight", 400, '{"erro_id":"102","erro_msg":"CEP de destino não encontrado"}', [])
    const weight = errorFromResponse("freight", 400, '{"erro_id":109}', [])
    expect(origin).toBeInstanceOf(CepNotFoundError)
    expect((origin as CepNotFoundError).which).toBe("origin")
    expect((destination as CepNotFoundError).which).toBe("destination")
    expect((destination as CepNotFoundError).errorName).toBe("CEP_DESTINO_NAO_ENCONTRADO")
    expect(destination.serviceMessage).toBe("CEP de destino não encontrado")
    expect(weight).toBeInstanceOf(FreightQueryRejectedError)
    expect(weight).not.toBeInstanceOf(CepNotFoundError)
    expect((weight as FreightQueryRejectedError).errorName).toBe("PESO_INVALIDO")
    expect(weight.erroId).toBe(109)
  })

  it("reads erro_msg as well as erro_mensagem", () => {
    expect(errorFromResponse("freight", 400, '{"erro_id":103,"erro_msg":"Valor inválido"}', []).serviceMessage).toBe("Valor inválido")
    expect(errorFromResponse("freight", 400, '{"erro_id":103,"erro_mensagem":"Valor inválido"}', []).serviceMessage).toBe("Valor inválido")
  })

  it("redacts a secret that the service echoes back", () => {
    const error = errorFromResponse("freight", 401, '{"erro_id":1,"erro_mensagem":"token tok-123456 inválido"}', ["tok-123456"])
    expect(error.message).not.toContain("tok-123456")
    expect(error.serviceMessage).not.toContain("tok-123456")
  })
})
