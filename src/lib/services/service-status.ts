import { FreightQueryRejectedError } from "../freight/errors"
import { FreteServiceError, InvalidCredentialsError, QuotaExceededError, ServerError } from "../http/errors"
import type { ServiceClients } from "./service-clients"

type ServiceSettings = { url?: string; timeoutMs: number; connections: number }

export interface StatusTargets {
  freight: ServiceSettings & { token?: string }
  tracking: ServiceSettings & { credential?: string }
}

export interface ServiceStatus {
  configured: boolean
  /** The settings still missing ("url", "token", "credential"). */
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

type Verdict = Pick<ServiceStatus, "credentials" | "error">

/** The longest a status check waits for either service, whatever their timeouts. */
const STATUS_TIMEOUT_MS = 5000

function displayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`
}

/** `failed`: the verdict on a failure that still came as an answer of the service, or null when none came. */
async function probe(url: string, run: () => Promise<number>, answered: Verdict, failed: (error: FreteServiceError) => Verdict | null): Promise<ServiceStatus> {
  const started = Date.now()
  const checked = { configured: true, missing: [], url: displayUrl(url) }
  try {
    const status = await run()
    return { ...checked, reachable: true, http_status: status, latency_ms: Date.now() - started, ...answered }
  } catch (error) {
    const latency_ms = Date.now() - started
    const verdict = error instanceof FreteServiceError ? failed(error) : null
    if (verdict) return { ...checked, reachable: true, http_status: (error as FreteServiceError).status ?? null, latency_ms, ...verdict }
    const message = error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service"
    return { ...checked, reachable: false, credentials: null, http_status: null, latency_ms, error: message }
  }
}

function notChecked(url: string | undefined, secretName: string, secret: string | undefined): ServiceStatus {
  const missing = [url ? null : "url", secret ? null : secretName].filter((name): name is string => name !== null)
  return { configured: false, missing, url: url ? displayUrl(url) : null, reachable: null, credentials: null, http_status: null, latency_ms: null, error: null }
}

/** Whether each service is configured and answers. Creates nothing on either service, and reports no secret. */
export async function checkServices({ freight, tracking }: StatusTargets, clients: ServiceClients): Promise<{ freight: ServiceStatus; tracking: ServiceStatus }> {
  const signal = () => AbortSignal.timeout(STATUS_TIMEOUT_MS)
  const { url: freightUrl, token, timeoutMs: freightTimeoutMs, connections: freightConnections } = freight
  const { url: trackingUrl, credential, timeoutMs: trackingTimeoutMs, connections: trackingConnections } = tracking
  const [freightStatus, trackingStatus] = await Promise.all([
    freightUrl && token
      ? probe(
          freightUrl,
          () => clients.freight({ url: freightUrl, token, timeoutMs: freightTimeoutMs, connections: freightConnections }).probe(signal()),
          { credentials: "accepted", error: null },
          // The freight API refuses an empty query with 400 when the token is good: any refusal but the token's took it.
          (error) => {
            if (error instanceof InvalidCredentialsError) return { credentials: "rejected", error: "The freight token was refused" }
            if (error instanceof QuotaExceededError) return { credentials: "accepted", error: "The plan's query limit is reached" }
            if (error instanceof FreightQueryRejectedError) return { credentials: "accepted", error: null }
            if (error instanceof ServerError) return { credentials: "unknown", error: `The freight API answered HTTP ${error.status}` }
            return null
          }
        )
      : notChecked(freightUrl, "token", token),
    trackingUrl && credential
      ? probe(
          trackingUrl,
          () => clients.tracking({ url: trackingUrl, credential, timeoutMs: trackingTimeoutMs, connections: trackingConnections }).probe(signal()),
          // The tracking API has no read operation: only a refusal tells anything about the credential.
          { credentials: "unknown", error: null },
          (error) => {
            if (error instanceof InvalidCredentialsError) return { credentials: "rejected", error: "The tracking credential was refused" }
            if (error instanceof ServerError) return { credentials: "unknown", error: `The tracking API answered HTTP ${error.status}` }
            return null
          }
        )
      : notChecked(trackingUrl, "credential", credential),
  ])
  return { freight: freightStatus, tracking: trackingStatus }
}
