import { errorOfAnswer } from "../../__tests__/answer-to"
import { InvalidAnswerError, NetworkError, TimeoutError } from "../../http/errors"
import { describeAttemptFailure } from "../delivery-policy"
import { InvalidTrackingOrderError, TrackingNotConfiguredError } from "../errors"

const tracking = { service: "tracking" as const }

describe("describeAttemptFailure", () => {
  it.each([
    [errorOfAnswer("tracking", 401, ""), "O serviço de rastreamento recusou a credencial (HTTP 401). Corrija a credencial e reenvie."],
    [errorOfAnswer("tracking", 400, '{"Message":"Campo inválido."}'), "O serviço de rastreamento recusou o pedido: Campo inválido."],
    [errorOfAnswer("tracking", 429, ""), "o serviço avisa que o limite do plano foi atingido (HTTP 429)"],
    [errorOfAnswer("tracking", 502, ""), "o serviço falhou (HTTP 502)"],
    [new TimeoutError("timeout", { ...tracking, outcomeUnknown: true }), "o serviço não respondeu dentro do prazo depois de receber o pedido"],
    [new TimeoutError("connect timeout", { ...tracking, outcomeUnknown: false }), "não foi possível conectar ao serviço dentro do prazo; nada foi enviado"],
    [new NetworkError("reset", { ...tracking, outcomeUnknown: true }), "a conexão caiu depois do envio"],
    [new NetworkError("refused", { ...tracking, outcomeUnknown: false }), "não foi possível conectar ao serviço"],
    [new InvalidAnswerError("not JSON", { ...tracking, status: 200 }), "o serviço respondeu algo que não é JSON no formato documentado"],
    [new TrackingNotConfiguredError(), "o serviço de rastreamento não está configurado: informe a URL e a credencial"],
    [new InvalidTrackingOrderError(["CustomerName is required", "Weight must be positive"]), "Pedido de rastreamento inválido: CustomerName is required; Weight must be positive"],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de rastreamento"],
  ])("words the last error of a tracking order's attempt: %s", (error, message) => {
    expect(describeAttemptFailure(error)).toBe(message)
  })
})
