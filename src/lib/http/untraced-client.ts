import { context, createContextKey } from "@opentelemetry/api"
import { Client, type Dispatcher } from "undici"

// @opentelemetry/core's suppressTracing key: a Symbol.for, the same in every version, so the plugin needs no core of
// its own. Under it the SDK's tracers start no span and its propagators inject no header.
const SUPPRESS_TRACING = createContextKey("OpenTelemetry SDK Context Key SUPPRESS_TRACING")

/**
 * A connection whose requests no HTTP instrumentation records. undici announces each request on its diagnostics
 * channel (`undici:request:create`) from inside `dispatch`, with its URL (the freight token in the query) and headers
 * (the tracking credential): undici's instrumentation would export them. The transport makes its own span, redacted.
 * Here and not in an interceptor: a pool dispatches a queued request later, outside its caller's context.
 */
export class UntracedClient extends Client {
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const untraced = context.active().setValue(SUPPRESS_TRACING, true)
    return context.with(untraced, () => super.dispatch(options, handler))
  }
}
