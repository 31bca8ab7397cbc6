import type { FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { FreightClient } from "../../lib/freight/client"
import { FreightQueryRejectedError } from "../../lib/freight/errors"
import { FreteServiceError, InvalidCredentialsError, QuotaExceededError, ServerError } from "../../lib/http/errors"
import type { KeptProbe } from "../../lib/services/kept-probe"
import { TrackingClient } from "../../lib/tracking/client"
import type { FreteLogger } from "../../lib/utils/logger"
import { accountFingerprint, type Credentials } from "./credentials"

export type InForce = { url?: string; secret?: string }
export type Timing = { timeoutMs: number; connections: number }
type Clients = { freight: FreightClient; tracking: TrackingClient }
type Api = keyof Clients

const create = (service: Api, url: string, secret: string, timing: Timing, logger?: FreteLogger) =>
  service === "freight"
    ? new FreightClient({ url, token: secret, ...timing, logger })
    : new TrackingClient({ url, credential: secret, ...timing, logger })

// One client, hence one connection pool, per service for the whole process, replaced (the old one closed once its
// requests finish) when its URL, secret or timing changes; null without URL or secret.
export class ServiceClients {
  private kept: Partial<Record<Api, { key: string; client: FreightClient | TrackingClient }>> = {}

  constructor(
    private readonly logger?: FreteLogger,
    private readonly inForce?: () => { options: FreteOptions; credentials: Credentials }
  ) {}

  async close(): Promise<void> {
    const kept = Object.values(this.kept)
    this.kept = {}
    await Promise.all(kept.map((entry) => entry.client.close()))
  }

  client<S extends Api>(
    service: S,
    { url, secret }: InForce = this.inForce?.().credentials[service] ?? {},
    { timeoutMs, connections }: Timing = this.inForce?.().options[service] ?? { timeoutMs: 0, connections: 0 }
  ): Clients[S] | null {
    if (!url || !secret) return null
    const key = JSON.stringify([url, secret, timeoutMs, connections])
    if (this.kept[service]?.key !== key) {
      void this.kept[service]?.client.close()
      this.kept[service] = { key, client: create(service, url, secret, { timeoutMs, connections }, this.logger) }
    }
    return this.kept[service]?.client as Clients[S]
  }
}

type Verdict = { credentials: "accepted" | "rejected" | "unknown" | null; error: string | null }

const STATUS_TIMEOUT_MS = 5000
const SECRET_NAME = { freight: "token", tracking: "credential" } as const
const unchecked = { reachable: null, credentials: null, http_status: null, latency_ms: null, error: null }

/** Scheme, host and path: never user info or a query. */
function displayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`
}

function verdictOn(api: Api, error: unknown): Verdict | null {
  if (error instanceof InvalidCredentialsError)
    return { credentials: "rejected", error: `The ${api} ${SECRET_NAME[api]} was refused` }
  if (error instanceof ServerError)
    return { credentials: "unknown", error: `The ${api} API answered HTTP ${error.status}` }
  // The freight API refuses an empty query with 400 when the token is good: any refusal but the token's took it.
  if (api === "tracking") return null
  if (error instanceof QuotaExceededError)
    return { credentials: "accepted", error: "The plan's query limit is reached" }
  return error instanceof FreightQueryRejectedError ? { credentials: "accepted", error: null } : null
}

async function check(api: Api, { url, secret }: InForce, timing: Timing, clients: ServiceClients) {
  const client = clients.client(api, { url, secret }, timing)
  if (!client || !url) {
    const missing = [url ? null : "url", secret ? null : SECRET_NAME[api]].filter((name) => name !== null)
    return { configured: false, missing, url: url ? displayUrl(url) : null, ...unchecked }
  }
  const started = Date.now()
  const checked = { configured: true, missing: [] as string[], url: displayUrl(url) }
  try {
    const http_status = await client.probe(AbortSignal.timeout(STATUS_TIMEOUT_MS))
    // The tracking API has no read operation: only a refusal tells anything about the credential.
    const credentials = api === "freight" ? "accepted" : "unknown"
    return { ...checked, reachable: true, http_status, latency_ms: Date.now() - started, credentials, error: null }
  } catch (error) {
    const [latency_ms, verdict] = [Date.now() - started, verdictOn(api, error)]
    if (verdict)
      return {
        ...checked,
        reachable: true,
        http_status: (error as FreteServiceError).status ?? null,
        latency_ms,
        ...verdict,
      }
    const message = error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service"
    return { ...checked, ...unchecked, reachable: false, latency_ms, error: message }
  }
}

/** Whether each service is configured and answers. Creates nothing on either service, and reports no secret. */
export async function checkServices(
  inForce: Record<Api, InForce>,
  options: Record<Api, Timing>,
  clients: ServiceClients
) {
  const [freight, tracking] = await Promise.all([
    check("freight", inForce.freight, options.freight, clients),
    check("tracking", inForce.tracking, options.tracking, clients),
  ])
  return { freight, tracking }
}

const snakeCase = (stats: object) =>
  Object.fromEntries(
    Object.entries(stats).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value])
  )

/** `kept`: the probe answered again for the same accounts in force (a new URL or secret is probed at once). */
export async function statusReport(
  options: FreteOptions,
  credentials: Credentials,
  clients: ServiceClients,
  quoter: CheckoutQuoter,
  kept?: KeptProbe
) {
  const { freight, tracking } = credentials
  const accounts = [freight, tracking].map((entry) => accountFingerprint(entry.url, entry.secret)).join(":")
  const probe = () => checkServices(credentials, options, clients)
  const status = await (kept ? kept.get(accounts, probe) : probe())
  const [circuit, cache] = [quoter.circuitStats(), quoter.cacheStats()]
  return {
    ...status,
    freight: {
      ...status.freight,
      circuit: circuit && snakeCase(circuit),
      origin_problem: quoter.originProblem(),
      quote_guard: quoter.guardStats(),
      cache: cache && { ...snakeCase(cache), shared: quoter.sharedStats() },
    },
  }
}
