import { DelegateBackoff, handleWhen, retry } from "cockatiel"
import type { Dispatcher } from "undici"
import { formatDecimalText } from "../brazil/brazilian-decimal"
import { NetworkError, NoTimeLeftError, ServerError } from "../http/errors"
import { startDeadline, type Deadline } from "../http/deadline"
import { ServiceTransport } from "../http/service-transport"
import type { FreteLogger } from "../utils/logger"
import { freightRejection, InvalidFreightQueryError } from "./errors"
import { freightAnswerWireSchema, freightQuerySchema, type FreightQuery, type FreightQuote } from "./schemas"

type FreightClientOptions = {
  url: string
  token: string
  timeoutMs: number
  connections: number
  logger?: FreteLogger
  dispatcher?: Dispatcher
}
// `deadline`: made once by the quoter (else `timeoutMs` from now), retry included.
export type QuoteCall = { deadline?: Deadline; onAttempt?: (attempt: number) => void }

const QUOTE_PATH = "/v2/consulta"
const MIN_TIME_FOR_RETRY_MS = 150
const RETRY_DELAY_MS = { min: 25, max: 100 }
export const MIN_CALL_BUDGET_MS = 100

// Every number as dot-decimal text, as the document's sample.
export function buildWireQuery(query: FreightQuery) {
  return {
    cep_origem: query.originCep,
    cep_destino: query.destinationCep,
    valor_notafiscal: formatDecimalText(query.invoiceValue, 2),
    ...(query.extraDays ? { prazo_adicional: String(query.extraDays) } : {}),
    volumes: query.volumes.map((volume) => ({
      sku: volume.sku,
      quantidade: String(volume.quantity),
      preco: formatDecimalText(volume.price, 2),
      altura: formatDecimalText(volume.heightCm, 2),
      comprimento: formatDecimalText(volume.lengthCm, 2),
      largura: formatDecimalText(volume.widthCm, 2),
      peso: formatDecimalText(volume.weightKg, 3),
    })),
  }
}

// A quote has no side effect: a network error or a 5xx is retried once if the deadline leaves room.
export class FreightClient {
  private readonly transport: ServiceTransport

  constructor(private readonly options: FreightClientOptions) {
    const { url, token, ...rest } = options
    const freight = { service: "freight" as const, baseUrl: url, secrets: [token], rejection: freightRejection }
    this.transport = new ServiceTransport({ ...rest, ...freight })
  }

  private post(json: unknown, deadline: Deadline) {
    return { method: "POST" as const, path: QUOTE_PATH, query: { token: this.options.token }, json, deadline }
  }

  async quote(query: FreightQuery, call: QuoteCall = {}): Promise<FreightQuote> {
    const checked = freightQuerySchema.safeParse(query)
    if (!checked.success)
      throw new InvalidFreightQueryError(
        checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)
      )
    const body = buildWireQuery(checked.data)
    const deadline = call.deadline ?? startDeadline(this.options.timeoutMs)
    const left = deadline.remaining()
    if (left < MIN_CALL_BUDGET_MS)
      throw new NoTimeLeftError(
        `the freight API was not asked: ${left} ms were left of freight.timeoutMs (${this.options.timeoutMs} ms) since the request arrived`,
        { service: "freight", outcomeUnknown: false }
      )
    const { min, max } = RETRY_DELAY_MS
    const transient = (error: Error) => error instanceof NetworkError || error instanceof ServerError
    const once = retry(
      handleWhen((error) => transient(error) && deadline.remaining() > max + MIN_TIME_FOR_RETRY_MS),
      {
        maxAttempts: 1,
        backoff: new DelegateBackoff(() => Math.min(min + Math.random() * (max - min), deadline.remaining())),
      }
    )
    const { quote, dropped } = await once.execute(({ attempt }) => {
      call.onAttempt?.(attempt + 1)
      return this.transport.request(this.post(body, deadline), { schema: freightAnswerWireSchema })
    })
    for (const quotation of dropped) {
      this.options.logger?.warn(
        `frete: the freight API's quotation ${quotation.index} (${quotation.service ?? "no service"}) is left out: ${quotation.problem}`
      )
    }
    return quote
  }

  // An empty query: the service refuses it with a 400 (erro_id 304) when the token is good, a 401 when not.
  probe(signal?: AbortSignal): Promise<number> {
    const deadline = startDeadline(this.options.timeoutMs, signal)
    return this.transport.request(this.post({}, deadline), { statusOnly: true, answers: (status) => status <= 400 })
  }

  close(): Promise<void> {
    return this.transport.close()
  }
}
