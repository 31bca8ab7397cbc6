import { FreteServiceError } from "../http/errors"
import type { TransportResponse } from "../http/service-transport"
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

async function probe(
  url: string,
  run: () => Promise<TransportResponse>,
  judge: (status: number) => Pick<ServiceStatus, "credentials" | "error">
): Promise<ServiceStatus> {
  const started = Date.now()
  try {
    const response = await run()
    return {
      configured: true,
      missing: [],
      url: displayUrl(url),
      reachable: true,
      http_status: response.status,
      latency_ms: Date.now() - started,
      ...judge(response.status),
    }
  } catch (error) {
    return {
      configured: true,
      missing: [],
      url: displayUrl(url),
      reachable: false,
      credentials: null,
      http_status: null,
      latency_ms: Date.now() - started,
      error: error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service",
    }
  }
}

/** The freight API refuses an empty query with 400 when the token is good, 401 when it is not. */
function judgeFreight(status: number): Pick<ServiceStatus, "credentials" | "error"> {
  if (status === 401 || status === 403) return { credentials: "rejected", error: "The freight token was refused" }
  if (status === 429) return { credentials: "accepted", error: "The plan's query limit is reached" }
  if (status < 500) return { credentials: "accepted", error: null }
  return { credentials: "unknown", error: `The freight API answered HTTP ${status}` }
}

/** The tracking API has no read operation: only a refusal tells anything about the credential. */
function judgeTracking(status: number): Pick<ServiceStatus, "credentials" | "error"> {
  if (status === 401 || status === 403) return { credentials: "rejected", error: "The tracking credential was refused" }
  if (status < 500) return { credentials: "unknown", error: null }
  return { credentials: "unknown", error: `The tracking API answered HTTP ${status}` }
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
