import { errorOfAnswer } from "../../__tests__/answer-to"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../../http/errors"
import { InvalidTrackingOrderError, TrackingRejectedError } from "../errors"
import {
  certainlyNotActed,
  decideAfterFailure,
  decideAfterUnbuiltOrder,
  decideWhileNotConfigured,
  describeAttemptFailure,
  INTERRUPTED_REASON,
  retryDelayMs,
} from "../delivery-policy"

const POLICY = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, giveUpAfterMs: 86_400_000 }
const tracking = { service: "tracking" as const }

describe("the tracking order's delivery policy", () => {
  it("doubles the wait at each attempt, within ±20%, up to the cap", () => {
    expect(retryDelayMs(1, POLICY, () => 0.5)).toBe(30_000)
    expect(retryDelayMs(2, POLICY, () => 0.5)).toBe(60_000)
    expect(retryDelayMs(4, POLICY, () => 0.5)).toBe(240_000)
    expect(retryDelayMs(1, POLICY, () => 0)).toBe(24_000)
    expect(retryDelayMs(1, POLICY, () => 1)).toBe(36_000)
    expect(retryDelayMs(30, POLICY, () => 0.5)).toBe(3_600_000)
  })

  it("retries only what the service certainly did not act on: 503, 429, a request that never left", () => {
    for (const error of [
      new ServerError("503", { ...tracking, status: 503 }),
      new QuotaExceededError("429", { ...tracking, status: 429 }),
      new NetworkError("refused", { ...tracking, outcomeUnknown: false }),
      new TimeoutError("connect timeout", { ...tracking, outcomeUnknown: false }),
    ]) {
      expect(certainlyNotActed(error)).toBe(true)
      const decision = decideAfterFailure(error, 3, 60_000, POLICY)
      expect(decision).toMatchObject({
        kind: "retry",
        reason: expect.stringMatching(/^Falha temporária na tentativa 3/),
      })
      expect(decision.kind === "retry" && decision.delayMs).toBeGreaterThan(0)
    }
  })

  it.each([500, 502, 504, 501, 302])("never resends after a %s: it may come after the order was made", (status) => {
    const error = new ServerError(`HTTP ${status}`, { ...tracking, status })
    expect(certainlyNotActed(error)).toBe(false)
    expect(decideAfterFailure(error, 1, 0, POLICY)).toEqual({
      kind: "fail",
      reason: `Sem resposta legível do serviço de rastreamento depois do envio (o serviço falhou (HTTP ${status})). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.`,
      maybeCreated: true,
    })
  })

  it("never resends after an error nobody foresaw: it may have come after sending", () => {
    expect(decideAfterFailure(new Error("something else"), 1, 0, POLICY)).toMatchObject({
      kind: "fail",
      reason: expect.stringMatching(/confira no painel do serviço/),
    })
  })

  it("retries an order whose data could not be read (nothing was sent), until the day is over", () => {
    expect(decideAfterUnbuiltOrder(2, 60_000, POLICY)).toEqual({
      kind: "retry",
      reason:
        "Falha temporária na tentativa 2: não foi possível montar o pedido com os dados do Medusa; nada foi enviado",
      delayMs: expect.any(Number),
    })
    expect(decideAfterUnbuiltOrder(9, POLICY.giveUpAfterMs, POLICY)).toMatchObject({
      kind: "fail",
      reason: expect.stringMatching(/depois de 9 tentativas/),
    })
  })

  it("waits for the tracking API to be configured at the first delay, every time, within the day", () => {
    for (let run = 0; run < 3; run += 1) {
      const decision = decideWhileNotConfigured(60_000, POLICY)
      expect(decision).toEqual({
        kind: "retry",
        reason:
          "Rastreamento não configurado: o pedido será enviado assim que a URL e a credencial do serviço de rastreamento forem informadas.",
        delayMs: expect.any(Number),
      })
      expect(decision.kind === "retry" && decision.delayMs).toBeLessThanOrEqual(POLICY.baseDelayMs * 1.2)
    }
    expect(decideWhileNotConfigured(POLICY.giveUpAfterMs, POLICY)).toEqual({
      kind: "fail",
      reason:
        "Não foi possível entregar depois de 1 tentativas: o serviço de rastreamento não está configurado: informe a URL e a credencial",
    })
  })

  it("gives up, as failed, a day after the shipment", () => {
    const decision = decideAfterFailure(
      new ServerError("503", { ...tracking, status: 503 }),
      25,
      POLICY.giveUpAfterMs,
      POLICY
    )
    expect(decision).toEqual({ kind: "fail", reason: expect.stringMatching(/depois de 25 tentativas/) })
  })

  it("fails at once what sending again cannot fix: the credential, a refused order, an order built wrong", () => {
    expect(decideAfterFailure(new InvalidCredentialsError("401", { ...tracking, status: 401 }), 1, 0, POLICY)).toEqual({
      kind: "fail",
      reason: expect.stringMatching(/recusou a credencial \(HTTP 401\)/),
    })
    expect(
      decideAfterFailure(
        new TrackingRejectedError("400", { ...tracking, status: 400, serviceMessage: "Campo inválido: Code" }),
        1,
        0,
        POLICY
      )
    ).toEqual({
      kind: "fail",
      reason: "O serviço de rastreamento recusou o pedido: Campo inválido: Code",
    })
    expect(decideAfterFailure(new InvalidTrackingOrderError(["CustomerName is required"]), 1, 0, POLICY)).toMatchObject(
      { kind: "fail" }
    )
  })

  it("never resends an order the service may have created: a timeout or a drop after sending, an unreadable 200", () => {
    for (const error of [
      new TimeoutError("timeout", { ...tracking, outcomeUnknown: true }),
      new NetworkError("reset", { ...tracking, outcomeUnknown: true }),
      new InvalidAnswerError("not JSON", { ...tracking, status: 200 }),
    ]) {
      expect(decideAfterFailure(error, 1, 0, POLICY)).toEqual({
        kind: "fail",
        reason: expect.stringMatching(/pode ter criado o pedido/),
        maybeCreated: true,
      })
    }
  })

  it("retries a request that never left the process: refused, connect timeout, still queued at the deadline", () => {
    for (const error of [
      new NetworkError("refused", { ...tracking, outcomeUnknown: false }),
      new TimeoutError("connect timeout", { ...tracking, outcomeUnknown: false }),
    ]) {
      expect(decideAfterFailure(error, 1, 0, POLICY)).toMatchObject({ kind: "retry" })
    }
  })

  it("words an interrupted attempt as a timeout: check the service's panel before resending", () => {
    expect(INTERRUPTED_REASON).toBe(
      "Sem resposta legível do serviço de rastreamento depois do envio (a tentativa foi interrompida durante o envio: o servidor parou antes de registrar a resposta). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar."
    )
  })

  it.each([
    [
      new ServerError("Tracking API failed (HTTP 503)", { ...tracking, status: 503 }),
      "Falha temporária na tentativa 1: o serviço falhou (HTTP 503)",
    ],
    [
      new QuotaExceededError("Tracking API query limit reached (HTTP 429)", { ...tracking, status: 429 }),
      "Falha temporária na tentativa 1: o serviço avisa que o limite do plano foi atingido (HTTP 429)",
    ],
    [
      new NetworkError("Tracking API connection refused (ECONNREFUSED)", { ...tracking, outcomeUnknown: false }),
      "Falha temporária na tentativa 1: não foi possível conectar ao serviço",
    ],
    [
      new TimeoutError("Tracking API did not answer POST /v1/tracking in time (still queued)", {
        ...tracking,
        outcomeUnknown: false,
      }),
      "Falha temporária na tentativa 1: não foi possível conectar ao serviço dentro do prazo; nada foi enviado",
    ],
    [
      new TimeoutError("Tracking API did not answer POST /v1/tracking in time", { ...tracking, outcomeUnknown: true }),
      "Sem resposta legível do serviço de rastreamento depois do envio (o serviço não respondeu dentro do prazo depois de receber o pedido). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.",
    ],
    [
      new NetworkError("Tracking API connection failed (ECONNRESET)", { ...tracking, outcomeUnknown: true }),
      "Sem resposta legível do serviço de rastreamento depois do envio (a conexão caiu depois do envio). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.",
    ],
    [
      new InvalidAnswerError("Tracking API answer is not JSON", { ...tracking, status: 200 }),
      "Sem resposta legível do serviço de rastreamento depois do envio (o serviço respondeu algo que não é JSON no formato documentado). Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar.",
    ],
  ])("tells the merchant what went wrong in Portuguese, not in the error's English: %s", (error, reason) => {
    expect(decideAfterFailure(error, 1, 0, POLICY).reason).toBe(reason)
  })
})

describe("describeAttemptFailure", () => {
  it.each([
    [
      errorOfAnswer("tracking", 401, ""),
      "O serviço de rastreamento recusou a credencial (HTTP 401). Corrija a credencial e reenvie.",
    ],
    [
      errorOfAnswer("tracking", 400, '{"Message":"Campo inválido."}'),
      "O serviço de rastreamento recusou o pedido: Campo inválido.",
    ],
    [errorOfAnswer("tracking", 429, ""), "o serviço avisa que o limite do plano foi atingido (HTTP 429)"],
    [errorOfAnswer("tracking", 502, ""), "o serviço falhou (HTTP 502)"],
    [
      new TimeoutError("timeout", { ...tracking, outcomeUnknown: true }),
      "o serviço não respondeu dentro do prazo depois de receber o pedido",
    ],
    [
      new TimeoutError("connect timeout", { ...tracking, outcomeUnknown: false }),
      "não foi possível conectar ao serviço dentro do prazo; nada foi enviado",
    ],
    [new NetworkError("reset", { ...tracking, outcomeUnknown: true }), "a conexão caiu depois do envio"],
    [new NetworkError("refused", { ...tracking, outcomeUnknown: false }), "não foi possível conectar ao serviço"],
    [
      new InvalidAnswerError("not JSON", { ...tracking, status: 200 }),
      "o serviço respondeu algo que não é JSON no formato documentado",
    ],
    [
      new InvalidTrackingOrderError(["CustomerName is required", "Weight must be positive"]),
      "Pedido de rastreamento inválido: CustomerName is required; Weight must be positive",
    ],
    [new Error("boom"), "Erro inesperado ao falar com o serviço de rastreamento"],
  ])("words the last error of a tracking order's attempt: %s", (error, message) => {
    expect(describeAttemptFailure(error)).toBe(message)
  })
})
