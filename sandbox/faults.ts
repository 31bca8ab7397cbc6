/**
 * Injected faults: what each mode answers, and the board that holds one fault per service and
 * counts down its `times`. Faults stand for trouble in front of the service (a proxy, a crash),
 * so they act before the service checks credentials.
 */
import { setMaxListeners } from "node:events"
import { randomUUID } from "node:crypto"
import { STATUS_CODES } from "node:http"
import { z } from "zod"
import { FREIGHT_AUTHENTICATION_ERROR, FREIGHT_QUERY_LIMIT_ERROR, FREIGHT_SERVER_ERROR } from "./freight-errors"
import { jsonAnswer, rawJsonAnswer, type Answer } from "./http-io"
import { TRACKING_AUTHENTICATION_ERROR, TRACKING_SERVER_ERROR } from "./tracking-endpoint"
import type { SandboxFault, SandboxService } from "./types"

const times = z.number().int().positive().optional()
const status = z.number().int().min(100).max(599)

const sandboxFaultSchema = z.discriminatedUnion("mode", [
  z.strictObject({ mode: z.literal("latency"), ms: z.number().int().nonnegative(), times }),
  z.strictObject({ mode: z.literal("hang"), times }),
  z.strictObject({ mode: z.literal("reset"), times }),
  z.strictObject({ mode: z.literal("status"), status, times }),
  z.strictObject({ mode: z.literal("html"), status: status.optional(), times }),
  z.strictObject({ mode: z.literal("malformed-json"), times }),
  z.strictObject({ mode: z.literal("wrong-shape"), times }),
  z.strictObject({ mode: z.literal("empty-quotes"), times }),
  z.strictObject({ mode: z.literal("broken-quotation"), times }),
  z.strictObject({
    mode: z.literal("refuse"),
    message: z.string().min(1).max(1000),
    status: z.number().int().min(400).max(499).optional(),
    times,
  }),
  z.strictObject({
    mode: z.literal("fail-after-create"),
    status: z.number().int().min(500).max(599).optional(),
    times,
  }),
])

/** Checks a fault from outside (the control API or a typed caller) and throws a readable error. */
export function parseSandboxFault(service: SandboxService, input: unknown): SandboxFault | null {
  if (input === null) {
    return null
  }
  const result = sandboxFaultSchema.safeParse(input)
  if (!result.success) {
    throw new Error(`Invalid sandbox fault: ${z.prettifyError(result.error)}`)
  }
  if ((result.data.mode === "empty-quotes" || result.data.mode === "broken-quotation") && service !== "freight") {
    throw new Error(`Invalid sandbox fault: ${result.data.mode} applies to the freight service only`)
  }
  if ((result.data.mode === "refuse" || result.data.mode === "fail-after-create") && service !== "tracking") {
    throw new Error(`Invalid sandbox fault: ${result.data.mode} applies to the tracking service only`)
  }
  return result.data
}

export class FaultBoard {
  private readonly active = new Map<SandboxService, { fault: SandboxFault; remaining: number | null }>()
  private readonly releases = new Map<SandboxService, AbortController>()

  /** Aborted by `release(service)`: the calls a latency fault of the service is delaying then answer at once. */
  released(service: SandboxService): AbortSignal {
    let release = this.releases.get(service)
    if (!release) {
      release = new AbortController()
      // Every call a latency fault delays listens to it.
      setMaxListeners(0, release.signal)
      this.releases.set(service, release)
    }
    return release.signal
  }

  release(service: SandboxService): void {
    this.releases.get(service)?.abort()
    this.releases.delete(service)
  }

  set(service: SandboxService, fault: SandboxFault | null): void {
    if (fault === null) {
      this.active.delete(service)
    } else {
      this.active.set(service, { fault: { ...fault }, remaining: fault.times ?? null })
    }
  }

  /** The fault that affects this call, counting it against `times`. */
  take(service: SandboxService): SandboxFault | null {
    const entry = this.active.get(service)
    if (!entry) {
      return null
    }
    if (entry.remaining !== null && --entry.remaining <= 0) {
      this.active.delete(service)
    }
    return entry.fault
  }

  clear(): void {
    this.active.clear()
  }
}

function statusFaultBody(service: SandboxService, code: number): unknown {
  if (service === "tracking") {
    return code === 401 ? TRACKING_AUTHENTICATION_ERROR : TRACKING_SERVER_ERROR
  }
  if (code === 401) {
    return FREIGHT_AUTHENTICATION_ERROR
  }
  return code === 429 ? FREIGHT_QUERY_LIMIT_ERROR : FREIGHT_SERVER_ERROR
}

function htmlErrorPage(code: number): Answer {
  const title = `${code} ${STATUS_CODES[code] ?? "Error"}`
  const text = [
    "<!DOCTYPE html>",
    `<html><head><title>${title}</title></head>`,
    `<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
    "",
  ].join("\n")
  return { status: code, contentType: "text/html; charset=utf-8", text }
}

/**
 * A real answer whose first quotation is broken as some services break one: its price null and
 * its deadline missing. Error answers go through as they are.
 */
export function breakFirstQuotation(answer: Answer): Answer {
  const body = answer.status === 200 ? (JSON.parse(answer.text) as { cotacoes?: Array<Record<string, unknown>> }) : null
  const first = body?.cotacoes?.[0]
  if (!body || !first) {
    return answer
  }
  first.cotacao_preco = null
  delete first.cotacao_prazo
  return { ...answer, text: JSON.stringify(body) }
}

/**
 * The service's own answer, made a 5xx once it created the order: the client cannot tell that the order exists.
 * A refusal (nothing created) goes through as it is.
 */
export function failAfterCreate(answer: Answer, fault: { status?: number }): Answer {
  return answer.status === 200 ? jsonAnswer(fault.status ?? 500, TRACKING_SERVER_ERROR) : answer
}

/** The answer of a fault that answers; null for latency, hang, reset and fail-after-create, which the server acts out. */
export function faultAnswer(service: SandboxService, fault: SandboxFault): Answer | null {
  switch (fault.mode) {
    case "status":
      return jsonAnswer(fault.status, statusFaultBody(service, fault.status))
    case "html":
      return htmlErrorPage(fault.status ?? 503)
    case "malformed-json":
      return rawJsonAnswer(
        200,
        service === "freight"
          ? `{"consulta_token":"${randomUUID()}","cotacoes":[{"servico_metaname":"correios-pac","servico_nome":"Corr`
          : `{"Id":"${randomUUID()}","Success":tr`
      )
    case "wrong-shape":
      return jsonAnswer(200, service === "freight" ? { resultado: [] } : { ok: true })
    case "empty-quotes":
      return jsonAnswer(200, { consulta_token: randomUUID(), cotacoes: [] })
    case "refuse":
      // A refusal that quotes the order back (a CPF, a name, an e-mail), as the service's own messages may.
      return jsonAnswer(fault.status ?? 400, { Success: false, Message: fault.message })
    default:
      return null
  }
}
