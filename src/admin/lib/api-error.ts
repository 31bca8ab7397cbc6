import { getI18n } from "react-i18next"
import type { FieldIssue } from "../../lib/admin-contract"

/** The admin's own message when the server gave none, in the dashboard's language. */
function unreachable(): string {
  return (
    getI18n()?.t("frete.errors.unreachable") ??
    "Não foi possível falar com o servidor. Confira a conexão e tente de novo."
  )
}

/** A failed call to the admin API: the server's message, its status, and its field issues. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly issues: FieldIssue[]
  ) {
    super(message)
    this.name = "ApiError"
  }
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { field?: unknown }).field === "string" &&
    typeof (value as { message?: unknown }).message === "string"
  )
}

/** The error of an answer whose status is not 2xx, from its JSON body (null when it had none). */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const record = typeof body === "object" && body !== null ? (body as { message?: unknown; issues?: unknown }) : {}
  const message = typeof record.message === "string" && record.message ? record.message : statusText || unreachable()
  const issues = Array.isArray(record.issues) ? record.issues.filter(isFieldIssue) : []
  return new ApiError(message, status, issues)
}

/**
 * Any error thrown by a call, as an ApiError. The js-sdk's FetchError carries the server's message
 * and the status; a network failure has neither.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) {
    return error
  }
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined
  if (error instanceof Error && typeof status === "number") {
    return new ApiError(error.message || unreachable(), status, [])
  }
  return new ApiError(unreachable(), null, [])
}
