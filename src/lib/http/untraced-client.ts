import { context, createContextKey } from "@opentelemetry/api"
import { Client, type Dispatcher } from "undici"

// @opentelemetry/core's suppressTracing key (a Symbol.for, the same in every version): no core of the plugin's own.
const SUPPRESS_TRACING = createContextKey("OpenTelemetry SDK Context Key SUPPRESS_TRACING")

// undici's instrumentation would export each request's URL (the freight token) and headers (the tracking credential).
// Here, not in an interceptor: a pool dispatches a queued request later, outside its caller's context.
export class UntracedClient extends Client {
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const untraced = context.active().setValue(SUPPRESS_TRACING, true)
    return context.with(untraced, () => super.dispatch(options, handler))
  }
}
