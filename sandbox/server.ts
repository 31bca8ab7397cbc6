/**
 * The sandbox: one HTTP server that imitates the freight quote service (/v2/consulta) and the
 * tracking service (/v1/tracking) of the interface document, plus the control API under
 * /__sandbox/. Tests, the demo and merchants without credentials run against it.
 */
import { setMaxListeners } from "node:events"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { CallLog } from "./call-log"
import { applyConfigPatch, initialConfig } from "./config"
import { answerControl, CONTROL_PREFIX, type SandboxControls } from "./control-api"
import { FaultBoard, parseSandboxFault } from "./faults"
import { jsonAnswer, readBody, writeAnswer } from "./http-io"
import { serveServiceCall, type ServiceCallContext } from "./service-call"
import type { ServiceState } from "./service-state"
import { TrackingOrderStore } from "./tracking"
import type { Sandbox, SandboxOptions, SandboxService } from "./types"

export type * from "./types"

const SERVICE_PATHS = new Map<string, SandboxService>([
  ["/v2/consulta", "freight"],
  ["/v1/tracking", "tracking"],
])

/** A listening address a client can dial: the wildcard ones are reached through loopback. */
function reachableHost(address: string): string {
  if (address === "0.0.0.0") {
    return "127.0.0.1"
  }
  if (address === "::") {
    return "[::1]"
  }
  return address.includes(":") ? `[${address}]` : address
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const startConfig = initialConfig(options)
  const state: ServiceState = { config: startConfig, queriesAnswered: 0, orders: new TrackingOrderStore() }
  const closing = new AbortController()
  // Every call waiting out its latency listens to it: hundreds at once under load, by design.
  setMaxListeners(0, closing.signal)
  const context: ServiceCallContext = {
    state,
    faults: new FaultBoard(),
    log: new CallLog(() => [state.config.freightToken, state.config.trackingCredential]),
    closing: closing.signal,
  }
  const sockets = new Set<Socket>()
  let maxOpenSockets = 0

  const controls: SandboxControls = {
    calls: (filter) => context.log.list(filter),
    clearCalls: () => context.log.clear(),
    setFault: (service, fault) => context.faults.set(service, parseSandboxFault(service, fault)),
    release: (service) => context.faults.release(service),
    configure: (patch) => {
      state.config = applyConfigPatch(state.config, patch)
    },
    reset: () => {
      context.log.reset()
      context.faults.clear()
      state.orders.clear()
      state.queriesAnswered = 0
      state.config = startConfig
      maxOpenSockets = sockets.size
    },
    trackingOrders: () => state.orders.list(),
    stats: () => ({ openSockets: sockets.size, maxOpenSockets, queriesAnswered: state.queriesAnswered }),
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://sandbox.local")
    const service = SERVICE_PATHS.get(url.pathname.replace(/\/+$/, ""))
    if (service) {
      return serveServiceCall(context, service, url, request, response)
    }
    const rawBody = await readBody(request)
    const answer = url.pathname.startsWith(`${CONTROL_PREFIX}/`)
      ? answerControl(controls, request.method ?? "GET", url, rawBody)
      : jsonAnswer(404, { message: "Recurso não encontrado" })
    writeAnswer(response, answer)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    maxOpenSockets = Math.max(maxOpenSockets, sockets.size)
    socket.on("close", () => sockets.delete(socket))
  })

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { address, port } = server.address() as AddressInfo

  return {
    ...controls,
    url: `http://${reachableHost(address)}:${port}`,
    port,
    close: () => {
      closing.abort()
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
