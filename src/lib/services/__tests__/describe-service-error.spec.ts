import { FreightNotConfiguredError } from "../../freight/errors"
import { describeServiceError } from "../connection-test"
import { errorOfAnswer } from "../../__tests__/answer-to"
import { InvalidAnswerError, NetworkError, TimeoutError } from "../../http/errors"

const freight = { service: "freight" as const }

describe("describeServiceError", () => {
  it.each([
    [errorOfAnswer("freight", 401, '{"erro_id":1}'), "O serviço de frete recusou o token (HTTP 401)."],
    [errorOfAnswer("freight", 400, '{"erro_id":101}'), "O serviço de frete não conhece o CEP de origem."],
    [errorOfAnswer("freight", 400, '{"erro_id":102}'), "O serviço de frete não conhece o CEP de destino."],
    [
      errorOfAnswer("freight", 400, '{"erro_id":109,"erro_mensagem":"Peso inválido"}'),
      "O serviço de frete recusou a consulta: PESO_INVALIDO (Peso inválido).",
    ],
    [
      errorOfAnswer("freight", 429, '{"erro_id":2}'),
      "O serviço de frete avisa que o limite de consultas do plano foi atingido (HTTP 429).",
    ],
    [new TimeoutError("timeout", { ...freight, outcomeUnknown: true }), "O serviço de frete não respondeu a tempo."],
    [
      new NetworkError("refused", { ...freight, outcomeUnknown: false }),
      "Não foi possível conectar ao serviço de frete. Confira a URL.",
    ],
    [errorOfAnswer("freight", 503, ""), "O serviço de frete falhou (HTTP 503)."],
    [
      new InvalidAnswerError("html", { ...freight, status: 200 }),
      "O serviço de frete respondeu algo que não é uma resposta válida: confira a URL.",
    ],
    [new FreightNotConfiguredError(), "Informe a URL e o token do serviço de frete."],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de frete."],
  ])("words a failure of the freight connection test: %s", (error, message) => {
    expect(describeServiceError(error, "frete")).toBe(message)
  })

  it.each([
    [errorOfAnswer("tracking", 401, ""), "O serviço de rastreamento recusou a credencial (HTTP 401)."],
    [
      errorOfAnswer("tracking", 400, '{"Message":"Campo inválido"}'),
      "O serviço de rastreamento recusou o pedido: Campo inválido.",
    ],
    [errorOfAnswer("tracking", 404, ""), "O serviço de rastreamento recusou o pedido: HTTP 404."],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de rastreamento."],
  ])("words a failure of the tracking connection test: %s", (error, message) => {
    expect(describeServiceError(error, "rastreamento")).toBe(message)
  })
})
