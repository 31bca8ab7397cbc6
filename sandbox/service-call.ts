/**
 * One call to either service, end to end: read it, log it, let a fault or the configured latency
 * act on it, answer it. Everything the two services share lives here, so they cannot drift.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { setTimeout as sleep } from "node:timers/promises"
import type { CallLog } from "./call-log"
import { breakFirstQuotation, failAfterCreate, faultAnswer, type FaultBoard } from "./faults"
import { answerFreight, isFreightAuthorized } from "./freight-endpoint"
import { parseJsonOrNull, parseJsonOrText, readBody, writeAnswer } from "./http-io"
import type { ServiceRequest, ServiceState } from "./service-state"
import { answerTracking, isTrackingAuthorized } from "./tracking-endpoint"
import type { SandboxService } from "./types"

export interface ServiceCallContext {
  state: ServiceState
  faults: FaultBoard
  log: CallLog
  /** Aborted by close(), so a call waiting out its latency does not outlive the server. */
  closing: AbortSignal
}

function isAuthorized(service: SandboxService, request: ServiceRequest, state: ServiceState): boolean {
  return service === "freight"
    ? isFreightAuthorized(request.searchParams, state.config.freightToken)
    : isTrackingAuthorized(request.authorization, state.config.trackingCredential)
}

/** Resolves true after `ms` or once `released`, or false as soon as the sandbox closes. */
async function pause(ms: number, closing: AbortSignal, released?: AbortSignal): Promise<boolean> {
  if (ms <= 0) {
    return !closing.aborted
  }
  try {
    await sleep(ms, undefined, { signal: released ? AbortSignal.any([closing, released]) : closing })
    return true
  } catch {
    return !closing.aborted
  }
}

export async function serveServiceCall(
  context: ServiceCallContext,
  service: SandboxService,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse
): Promise<void> {
  const serviceRequest: ServiceRequest = {
    method: request.method ?? "GET",
    searchParams: url.searchParams,
    authorization: request.headers.authorization,
    rawBody: await readBody(request),
  }
  const fault = context.faults.take(service)
  const record = context.log.start({
    service,
    method: serviceRequest.method,
    path: url.pathname,
    authorized: isAuthorized(service, serviceRequest, context.state),
    body: parseJsonOrText(serviceRequest.rawBody),
    fault: fault?.mode ?? null,
  })
  const delayMs = context.state.config.latencyMs + (fault?.mode === "latency" ? fault.ms : 0)
  const released = fault?.mode === "latency" ? context.faults.released(service) : undefined
  if (!(await pause(delayMs, context.closing, released)) || fault?.mode === "hang") {
    return
  }
  if (fault?.mode === "reset") {
    request.socket.resetAndDestroy()
    record.finish(null, null)
    return
  }
  const served =
    (fault && faultAnswer(service, fault)) ??
    (service === "freight"
      ? answerFreight(serviceRequest, context.state)
      : answerTracking(serviceRequest, context.state))
  const answer =
    fault?.mode === "broken-quotation"
      ? breakFirstQuotation(served)
      : fault?.mode === "fail-after-create"
        ? failAfterCreate(served, fault)
        : served
  writeAnswer(response, answer)
  record.finish(answer.status, parseJsonOrNull(answer))
}
