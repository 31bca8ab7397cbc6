import type { FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { FreightQueryRejectedError } from "../../lib/freight/errors"
import { FreteServiceError, InvalidCredentialsError, QuotaExceededError, ServerError } from "../../lib/http/errors"
import type { InForce, ServiceClients, Timing } from "./connections"
import type { KeptProbe } from "../../lib/services/kept-probe"
import { accountFingerprint, type Credentials } from "./credentials"

type Verdict = { credentials: "accepted" | "rejected" | "unknown" | null; error: string | null }
/**
 * `url`: scheme, host and path, never user info or a query; `credentials`: what the answer says of the secret, null
 * when not checked.
 */
type ServiceStatus = Verdict & {
  configured: boolean
  missing: string[]
  url: string | null
  reachable: boolean | null
  http_status: number | null
  latency_ms: number | null
}

const STATUS_TIMEOUT_MS = 5000
type Probed = { probe(signal: AbortSignal): Promise<number> }
/** The verdict on a failure that still came as an answer of the service, or null when none came. */
type Judge = (error: FreteServiceError) => Verdict | null

function displayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`
}

async function check(
  { url, secret }: InForce,
  secretName: string,
  client: Probed | null,
  answered: Verdict,
  failed: Judge
): Promise<ServiceStatus> {
  if (!client || !url) {
    const missing = [url ? null : "url", secret ? null : secretName].filter((name): name is string => name !== null)
    const unknown = { reachable: null, credentials: null, http_status: null, latency_ms: null, error: null }
    return { configured: false, missing, url: url ? displayUrl(url) : null, ...unknown }
  }
  const started = Date.now()
  const checked = { configured: true, missing: [], url: displayUrl(url) }
  try {
    const status = await client.probe(AbortSignal.timeout(STATUS_TIMEOUT_MS))
    return { ...checked, reachable: true, http_status: status, latency_ms: Date.now() - started, ...answered }
  } catch (error) {
    const latency_ms = Date.now() - started
    const verdict = error instanceof FreteServiceError ? failed(error) : null
    const http_status = (error as FreteServiceError).status ?? null
    if (verdict) return { ...checked, reachable: true, http_status, latency_ms, ...verdict }
    const message = error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service"
    return { ...checked, reachable: false, credentials: null, http_status: null, latency_ms, error: message }
  }
}

/** Whether each service is configured and answers. Creates nothing on either service, and reports no secret. */
export async function checkServices(
  { freight, tracking }: Record<"freight" | "tracking", InForce>,
  options: Record<"freight" | "tracking", Timing>,
  clients: ServiceClients
) {
  const [freightStatus, trackingStatus] = await Promise.all([
    // The freight API refuses an empty query with 400 when the token is good: any refusal but the token's took it.
    check(
      freight,
      "token",
      clients.freight(freight, options.freight),
      { credentials: "accepted", error: null },
      (error) => {
        if (error instanceof InvalidCredentialsError)
          return { credentials: "rejected", error: "The freight token was refused" }
        if (error instanceof QuotaExceededError)
          return { credentials: "accepted", error: "The plan's query limit is reached" }
        if (error instanceof FreightQueryRejectedError) return { credentials: "accepted", error: null }
        if (error instanceof ServerError)
          return { credentials: "unknown", error: `The freight API answered HTTP ${error.status}` }
        return null
      }
    ),
    // The tracking API has no read operation: only a refusal tells anything about the credential.
    check(
      tracking,
      "credential",
      clients.tracking(tracking, options.tracking),
      { credentials: "unknown", error: null },
      (error) => {
        if (error instanceof InvalidCredentialsError)
          return { credentials: "rejected", error: "The tracking credential was refused" }
        if (error instanceof ServerError)
          return { credentials: "unknown", error: `The tracking API answered HTTP ${error.status}` }
        return null
      }
    ),
  ])
  return { freight: freightStatus, tracking: trackingStatus }
}

/** The quoter's figures with the keys in snake_case, as the rest of the report. */
const snakeCase = (stats: object) =>
  Object.fromEntries(
    Object.entries(stats).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value])
  )

/** The accounts in force: what a kept probe answers for. */
const accountsKey = ({ freight, tracking }: Credentials) =>
  `${accountFingerprint(freight.url, freight.secret)}:${accountFingerprint(tracking.url, tracking.secret)}`

/**
 * `kept`: the services' probe answered again for the same accounts in force (a monitor's polling costs one probe a
 * period; a new URL or secret is probed at once). The in-process figures are always read now.
 */
export async function statusReport(
  options: FreteOptions,
  credentials: Credentials,
  clients: ServiceClients,
  quoter: CheckoutQuoter,
  kept?: KeptProbe
) {
  const probe = () => checkServices(credentials, options, clients)
  const status = await (kept ? kept.get(accountsKey(credentials), probe) : probe())
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
