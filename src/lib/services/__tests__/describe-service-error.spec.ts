import { FreightNotConfiguredError } from "../../checkout/checkout-quoter"
import { describeServiceError } from "../describe-service-error"
import { errorFromResponse, InvalidAnswerError, NetworkError, TimeoutError } from "../../http/errors"
import { InvalidTrackingOrderError, TrackingNotConfiguredError } from "../../tracking/client"

const freight = { service: "freight" as const }
const tracking = { service: "tracking" as const }

describe("describeServiceError", () => {
  it.each([
    [errorFromResponse("freight", 401, '{"erro_id":1}', []), "O serviço de frete recusou o token (HTTP 401)."],
    [errorFromResponse("freight", 400, '{"erro_id":101}', []), "O serviço de frete não conhece o CEP de origem."],
    [errorFromResponse("freight", 400, '{"erro_id":102}', []), "O serviço de frete não conhece o CEP de destino."],
    [errorFromResponse("freight", 400, '{"erro_id":109,"erro_mensagem":"Peso inválido"}', []), "O serviço de frete recusou a consulta: PESO_INVALIDO (Peso inválido)."],
    [errorFromResponse("freight", 429, '{"erro_id":2}', []), "O serviço de frete avisa que o limite de consultas do plano foi atingido (HTTP 429)."],
    [new TimeoutError("timeout", { ...freight, outcomeUnknown: true }), "O serviço de frete não respondeu a tempo."],
    [new NetworkError("refused", { ...freight, outcomeUnknown: false }), "Não foi possível conectar ao serviço de frete. Confira a URL."],
    [errorFromResponse("freight", 503, "", []), "O serviço de frete falhou (HTTP 503)."],
    [new InvalidAnswerError("html", { ...freight, status: 200 }), "O serviço de frete respondeu algo que não é uma resposta válida: confira a URL."],
    [new FreightNotConfiguredError(), "Informe a URL e o token do serviço de frete."],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de frete."],
  ])("words a failure of the freight connection test: %s", (error, message) => {
    expect(describeServiceError(error, "frete")).toBe(message)
  })

  it.each([
    [errorFromResponse("tracking", 401, "", []), "O serviço de rastreamento recusou a credencial (HTTP 401)."],
    [errorFromResponse("tracking", 400, '{"Message":"Campo inválido"}', []), "O serviço de rastreamento recusou o pedido: Campo inválido."],
    [errorFromResponse("tracking", 404, "", []), "O serviço de rastreamento recusou o pedido: HTTP 404."],
    [new TrackingNotConfiguredError(), "Erro inesperado ao falar com o serviço de rastreamento."],
  ])("words a failure of the tracking connection test: %s", (error, message) => {
    expect(describeServiceError(error, "rastreamento")).toBe(message)
  })

  it.each([
    [errorFromResponse("tracking", 401, "", []), "O serviço de rastreamento recusou a credencial (HTTP 401). Corrija a credencial e reenvie."],
    [errorFromResponse("tracking", 400, '{"Message":"Campo inválido."}', []), "O serviço de rastreamento recusou o pedido: Campo inválido."],
    [errorFromResponse("tracking", 429, "", []), "o serviço avisa que o limite do plano foi atingido (HTTP 429)"],
    [errorFromResponse("tracking", 502, "", []), "o serviço falhou (HTTP 502)"],
    [new TimeoutError("timeout", { ...tracking, outcomeUnknown: true }), "o serviço não respondeu dentro do prazo depois de receber o pedido"],
    [new TimeoutError("connect timeout", { ...tracking, outcomeUnknown: false }), "não foi possível conectar ao serviço dentro do prazo; nada foi enviado"],
    [new NetworkError("reset", { ...tracking, outcomeUnknown: true }), "a conexão caiu depois do envio"],
    [new NetworkError("refused", { ...tracking, outcomeUnknown: false }), "não foi possível conectar ao serviço"],
    [new InvalidAnswerError("not JSON", { ...tracking, status: 200 }), "o serviço respondeu algo que não é JSON no formato documentado"],
    [new TrackingNotConfiguredError(), "o serviço de rastreamento não está configurado: informe a URL e a credencial"],
    [new InvalidTrackingOrderError(["CustomerName is required", "Weight must be positive"]), "Pedido de rastreamento inválido: CustomerName is required; Weight must be positive"],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de rastreamento"],
  ])("words the last error of a tracking order's attempt: %s", (error, message) => {
    expect(describeServiceError(error, "tracking-attempt")).toBe(message)
  })
})
