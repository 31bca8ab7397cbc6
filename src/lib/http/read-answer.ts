import type { z } from "zod"
import { redact } from "../security/redact"
import { maskPersonalText } from "../security/mask-personal-text"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  QuotaExceededError,
  ServerError,
  serviceLabel,
  type FreteServiceError,
  type RejectionClass,
  type ServiceName,
  type ServiceRejection,
} from "./errors"

export type WireAnswer = { status: number; contentType: string; text: string }

// `answers`: default 200 only; `refusal`: a well-formed answer that refuses (the tracking API's `Success: false`).
export type BodyAnswer<T> = {
  schema: z.ZodType<T>
  refusal?: z.ZodType<string | null>
  answers?: (status: number) => boolean
}
export type StatusAnswer = { statusOnly: true; answers?: (status: number) => boolean }

export type AnswerReading = {
  service: ServiceName
  secrets: ReadonlyArray<string | undefined>
  rejection: ServiceRejection
}

export const describeIssues = (issues: z.core.$ZodIssue[], root: string): string =>
  issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || root} ${issue.message}`)
    .join("; ")

export function readAnswer<T>(
  wire: WireAnswer,
  answer: BodyAnswer<T> | StatusAnswer,
  reading: AnswerReading
): T | number {
  const fail = failureBuilder(wire.status, reading)
  if (!(answer.answers ? answer.answers(wire.status) : wire.status === 200)) throw errorOfStatus(wire, reading)
  if ("statusOnly" in answer) return wire.status
  let json: unknown
  try {
    json = JSON.parse(wire.text)
  } catch {
    throw fail(
      InvalidAnswerError,
      `answered ${wire.contentType.includes("html") ? "an HTML page" : "text that is not JSON"}`
    )
  }
  const refused = answer.refusal?.safeParse(json)
  if (refused?.success) {
    const { ErrorClass, refused: what } = reading.rejection(undefined)
    throw fail(ErrorClass, what, { message: refused.data ?? undefined })
  }
  const parsed = answer.schema.safeParse(json)
  if (!parsed.success) {
    throw fail(
      InvalidAnswerError,
      `answered a body that does not match the documented shape: ${describeIssues(parsed.error.issues, "answer")}`
    )
  }
  return parsed.data
}

function errorOfStatus(wire: WireAnswer, reading: AnswerReading): FreteServiceError {
  const { status } = wire
  const said = readErrorBody(wire.text)
  const fail = failureBuilder(status, reading)
  const secret = reading.service === "freight" ? "token" : "credential"
  if (status === 401 || status === 403) return fail(InvalidCredentialsError, `refused the ${secret}`, said)
  if (status === 429) return fail(QuotaExceededError, "query limit reached", said)
  if (status >= 400 && status < 500) {
    const { ErrorClass, refused } = reading.rejection(said.erroId)
    return fail(ErrorClass, refused, said)
  }
  return fail(ServerError, "failed", said)
}

type ServiceSaid = { erroId?: number; message?: string }

function readErrorBody(text: string): ServiceSaid {
  try {
    const record = (JSON.parse(text) ?? {}) as Record<string, unknown>
    const rawId = record.erro_id
    const erroId =
      typeof rawId === "number" ? rawId : typeof rawId === "string" && /^\d+$/.test(rawId) ? Number(rawId) : undefined
    const message = [record.erro_mensagem, record.erro_msg, record.Message, record.message].find(
      (value): value is string => typeof value === "string" && value.length > 0
    )
    return { erroId, message }
  } catch {
    return {}
  }
}

function failureBuilder(status: number, reading: AnswerReading) {
  return (ErrorClass: RejectionClass, what: string, said: ServiceSaid = {}): FreteServiceError => {
    // It may quote the shopper (a CPF, an e-mail): masked before it is kept, logged or cut short.
    const serviceMessage =
      said.message === undefined ? undefined : maskPersonalText(redact(said.message, reading.secrets)).slice(0, 300)
    const suffix = [said.erroId === undefined ? undefined : `erro_id ${said.erroId}`, serviceMessage]
      .filter(Boolean)
      .join(": ")
    const message = redact(
      `${serviceLabel(reading.service)} ${what} (HTTP ${status}${suffix ? `, ${suffix}` : ""})`,
      reading.secrets
    )
    return new ErrorClass(message, { service: reading.service, status, erroId: said.erroId, serviceMessage })
  }
}
