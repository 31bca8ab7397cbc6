import { FreightQueryRejectedError } from "../freight/errors"
import { FreteServiceError, InvalidCredentialsError, QuotaExceededError, ServerError } from "../http/errors"
import type { ServiceClients } from "./service-clients"

interface ServiceSettings {
  url?: string
  timeoutMs: number
  connections: number
}

export interface StatusTargets {
  freight: ServiceSettings & { token?: string }
  tracking: ServiceSettings & { credential?: string }
}

export interface ServiceStatus {
  configured: boolean
  /** Names of the settings still missing ("url", "token", "credential"). */
  missing: string[]
  /** Scheme, host and path of the URL; never user info or a query. */
  url: string | null
  reachable: boolean | null
  /** What the answer says of the secret: null when not checked. */
  credentials: "accepted" | "rejected" | "unknown" | null
  http_status: number | null
  latency_ms: number | null
  error: string | null
}

/** The longest a status check waits for either service, whatever their timeouts. */
const STATUS_TIMEOUT_MS = 5000

function displayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`
}

function notChecked(missing: string[], url: string | undefined): ServiceStatus {
  return {
    configured: false,
    missing,
    url: url ? displayUrl(url) : null,
    reachable: null,
    credentials: null,
    http_status: null,
    latency_ms: null,
    error: null,
  }
}

/** What a probe's outcome says of the secret. */
type Verdict = Pick<ServiceStatus, "credentials" | "error">

/** How one service's probe is judged: its answer, and the failures that still say the service is there. */
interface Judge {
  answered: Verdict
  /** The verdict on a failure that came as an answer of the service, or null when none came. */
  failed: (error: FreteServiceError) => Verdict | null
}

async function probe(url: string, run: () => Promise<number>, judge: Judge): Promise<ServiceStatus> {
  const started = Date.now()
  const checked = { configured: true, missing: [], url: displayUrl(url) }
  try {
    const status = await run()
    return { ...checked, reachable: true, http_status: status, latency_ms: Date.now() - started, ...judge.answered }
  } catch (error) {
    const latency_ms = Date.now() - started
    if (error instanceof FreteServiceError) {
      const verdict = judge.failed(error)
      if (verdict) {
        return { ...checked, reachable: true, http_status: error.status ?? null, latency_ms, ...verdict }
      }
    }
    return {
      ...checked,
      reachable: false,
      credentials: null,
      http_status: null,
      latency_ms,
      error: error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service",
    }
  }
}

/** The freight API refuses an empty query with 400 when the token is good: any refusal but the token's took it. */
const judgeFreight: Judge = {
  answered: { credentials: "accepted", error: null },
  failed: (error) => {
    if (error instanceof InvalidCredentialsError) return { credentials: "rejected", error: "The freight token was refused" }
    if (error instanceof QuotaExceededError) return { credentials: "accepted", error: "The plan's query limit is reached" }
    if (error instanceof FreightQueryRejectedError) return { credentials: "accepted", error: null }
    if (error instanceof ServerError) return { credentials: "unknown", error: `The freight API answered HTTP ${error.status}` }
    return null
  },
}

/** The tracking API has no read operation: only a refusal tells anything about the credential. */
const judgeTracking: Judge = {
  answered: { credentials: "unknown", error: null },
  failed: (error) => {
    if (error instanceof InvalidCredentialsError) return { credentials: "rejected", error: "The tracking credential was refused" }
    if (error instanceof ServerError) return { credentials: "unknown", error: `The tracking API answered HTTP ${error.status}` }
    return null
  },
}

function missing(url: string | undefined, secretName: string, secret: string | undefined): string[] {
  return [url ? null : "url", secret ? null : secretName].filter((name): name is string => name !== null)
}

/**
 * Whether each service is configured and answers. Creates nothing on either service, and
 * reports no secret: only whether one is set and whether the service took it.
 */
export async function checkServices(
  targets: StatusTargets,
  clients: ServiceClients
): Promise<{ freight: ServiceStatus; tracking: ServiceStatus }> {
  const { freight, tracking } = targets
  const signal = () => AbortSignal.timeout(STATUS_TIMEOUT_MS)
  const freightUrl = freight.url
  const freightToken = freight.token
  const trackingUrl = tracking.url
  const trackingCredential = tracking.credential

  const [freightStatus, trackingStatus] = await Promise.all([
    freightUrl && freightToken
      ? probe(freightUrl, () => clients.freight({ url: freightUrl, token: freightToken, timeoutMs: freight.timeoutMs, connections: freight.connections }).probe(signal()), judgeFreight)
      : notChecked(missing(freightUrl, "token", freightToken), freightUrl),
    trackingUrl && trackingCredential
      ? probe(trackingUrl, () => clients.tracking({ url: trackingUrl, credential: trackingCredential, timeoutMs: tracking.timeoutMs, connections: tracking.connections }).probe(signal()), judgeTracking)
      : notChecked(missing(trackingUrl, "credential", trackingCredential), trackingUrl),
  ])
  return { freight: freightStatus, tracking: trackingStatus }
}
