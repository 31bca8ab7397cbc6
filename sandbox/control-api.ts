/**
 * The control API under /__sandbox/, so another process (a demo, a bench) can steer a sandbox it
 * did not start. It only calls the Sandbox's own methods, so both ways of steering behave alike.
 * It is the project's own API: messages in English, and no latency or fault touches it.
 */
import { parseConfigPatch } from "./config"
import { parseSandboxFault } from "./faults"
import { jsonAnswer, type Answer } from "./http-io"
import type { Sandbox, SandboxService } from "./types"

/** What the control API steers: everything of a Sandbox but its address and its closing. */
export type SandboxControls = Omit<Sandbox, "url" | "port" | "close">

export const CONTROL_PREFIX = "/__sandbox"

const OK = { ok: true }

interface ControlInput {
  url: URL
  /** The path's captured segments. */
  params: string[]
  body: () => unknown
}

interface ControlRoute {
  method: string
  pattern: RegExp
  /** Returns the JSON of a 200 answer; throws an Error for a 400. */
  handle: (input: ControlInput) => unknown
}

function parseService(text: string): SandboxService {
  if (text === "freight" || text === "tracking") {
    return text
  }
  throw new Error(`Unknown service "${text}": use "freight" or "tracking"`)
}

function controlRoutes(sandbox: SandboxControls): ControlRoute[] {
  return [
    {
      method: "GET",
      pattern: /^\/calls$/,
      handle: ({ url }) => {
        const service = url.searchParams.get("service")
        return sandbox.calls(service ? { service: parseService(service) } : undefined)
      },
    },
    {
      method: "DELETE",
      pattern: /^\/calls$/,
      handle: () => {
        sandbox.clearCalls()
        return OK
      },
    },
    {
      method: "PUT",
      pattern: /^\/faults\/([^/]+)$/,
      handle: ({ params, body }) => {
        const service = parseService(params[0])
        sandbox.setFault(service, parseSandboxFault(service, body()))
        return OK
      },
    },
    {
      method: "POST",
      pattern: /^\/faults\/([^/]+)\/release$/,
      handle: ({ params }) => {
        sandbox.release(parseService(params[0]))
        return OK
      },
    },
    {
      method: "PATCH",
      pattern: /^\/config$/,
      handle: ({ body }) => {
        sandbox.configure(parseConfigPatch(body()))
        return OK
      },
    },
    {
      method: "POST",
      pattern: /^\/reset$/,
      handle: () => {
        sandbox.reset()
        return OK
      },
    },
    { method: "GET", pattern: /^\/tracking-orders$/, handle: () => sandbox.trackingOrders() },
    { method: "GET", pattern: /^\/stats$/, handle: () => sandbox.stats() },
  ]
}

function jsonBody(rawBody: string): () => unknown {
  return () => {
    try {
      return JSON.parse(rawBody) as unknown
    } catch {
      throw new Error("The body must be JSON")
    }
  }
}

/** `route` is the path after /__sandbox. */
export function answerControl(sandbox: SandboxControls, method: string, url: URL, rawBody: string): Answer {
  const route = url.pathname.slice(CONTROL_PREFIX.length)
  const matching = controlRoutes(sandbox).filter((candidate) => candidate.pattern.test(route))
  if (matching.length === 0) {
    return jsonAnswer(404, { error: `No control route ${route}` })
  }
  const chosen = matching.find((candidate) => candidate.method === method)
  if (!chosen) {
    return jsonAnswer(
      405,
      { error: `Method ${method} not allowed` },
      { allow: matching.map((r) => r.method).join(", ") }
    )
  }
  try {
    const params = (chosen.pattern.exec(route) ?? []).slice(1).map(decodeURIComponent)
    return jsonAnswer(200, chosen.handle({ url, params, body: jsonBody(rawBody) }))
  } catch (error) {
    return jsonAnswer(400, { error: error instanceof Error ? error.message : String(error) })
  }
}
