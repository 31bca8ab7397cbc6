import type { Dispatcher } from "undici"

/** How far one request got: `sent` once undici handed it to a connected socket to write. */
export interface RequestProgress {
  sent: boolean
  /** When it was sent (`performance.now()`), for how long the service has had it. */
  sentAt?: number
}

/**
 * A dispatcher that records, per request, whether it ever reached a socket. undici calls a
 * handler's `onRequestStart` (the old `onConnect`) on a connected socket right before it writes
 * the request; a request refused at connect, timed out while connecting, or still queued for a
 * free socket never gets there, so not one byte of it left the process. `progressOf` finds a
 * request's record by the options object given to `request()`, which undici passes on as it is.
 */
export function withSendTracking(dispatcher: Dispatcher): { dispatcher: Dispatcher; track: (options: object) => RequestProgress } {
  const progress = new WeakMap<object, RequestProgress>()
  const interceptor: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
    const record = progress.get(options)
    if (!record) {
      return dispatch(options, handler)
    }
    return dispatch(options, {
      onRequestStart: (controller, context) => {
        handler.onRequestStart?.(controller, context)
        // A request whose deadline passed while it was queued is aborted here, before any write.
        if (!controller.aborted) {
          record.sent = true
          record.sentAt = performance.now()
        }
      },
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    })
  }
  return {
    dispatcher: dispatcher.compose(interceptor),
    track: (options) => {
      const record = { sent: false }
      progress.set(options, record)
      return record
    },
  }
}

/**
 * `pending`, or the signal's reason as soon as it aborts. undici leaves a request that waits for a
 * free socket in its queue until one frees up, deadline passed or not: without this, a call
 * queued behind slow ones would outlive its deadline by theirs. The queued request is aborted
 * unsent when it reaches a socket; an answer that still comes is drained.
 */
export function untilAborted(pending: Promise<Dispatcher.ResponseData>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  if (signal.aborted) {
    pending.then((late) => late.body.destroy(), () => undefined)
    return Promise.reject(signal.reason)
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      pending.then((late) => late.body.destroy(), () => undefined)
      reject(signal.reason)
    }
    signal.addEventListener("abort", onAbort, { once: true })
    pending.then(
      (answer) => {
        signal.removeEventListener("abort", onAbort)
        resolve(answer)
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort)
        reject(error)
      }
    )
  })
}
