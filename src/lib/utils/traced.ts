import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api"
import { FreteServiceError } from "../http/errors"

const tracer = trace.getTracer("medusa-plugin-frete")

// A no-op unless the store registers OpenTelemetry. A failed span carries the error's class and the service's status:
// no message, no personal data.
export function traced<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  kind = SpanKind.INTERNAL
) {
  return tracer.startActiveSpan(name, { attributes, kind }, async (span): Promise<T> => {
    try {
      return await work(span)
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" })
      if (error instanceof FreteServiceError && error.status)
        span.setAttribute("http.response.status_code", error.status)
      throw error
    } finally {
      span.end()
    }
  })
}
