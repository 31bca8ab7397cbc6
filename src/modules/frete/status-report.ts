import type { FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { FreightQueryRejectedError } from "../../lib/freight/errors"
import { FreteServiceError, InvalidCredentialsError, QuotaExceededError, ServerError } from "../../lib/http/errors"
import type { KeptProbe } from "../../lib/services/kept-probe"
import type { InForce, ServiceClients, Timing } from "./connections"
import { accountFingerprint, type Credentials } from "./credentials"

/** `credentials`: what the answer says of the secret, null when not checked. */
type Verdict = { credentials: "accepted" | "rejected" | "unknown" | null; error: string | null }
/** The verdict on a failure that still came as an answer of the service, or null when none came. */
type Judge = (error: FreteServiceError) => Verdict | null

const STATUS_TIMEOUT_MS = 5000
const unchecked = { reachable: null, credentials: null, http_status: null, latency_ms: null, error: null }

/** Scheme, host and path: never user info or a query. */
function displayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`
}

const judge =
  (api: "freight" | "tracking", secret: string, other: Judge = () => null): Judge =>
  (error) => {
    if (error instanceof InvalidCredentialsError)
      return { credentials: "rejected", error: `The ${api} ${secret} was refused` }
    if (error instanceof ServerError)
      return { credentials: "unknown", error: `The ${api} API answered HTTP ${error.status}` }
    return other(error)
  }

async function check(
  { url, secret }: InForce,
  secretName: string,
  client: { probe(signal: AbortSignal): Promise<number> } | null,
  answered: Verdict,
  failed: Judge
) {
  if (!client || !url) {
    const missing = [url ? null : "url", secret ? null : secretName].filter((name): name is string => name !== null)
    return { configured: false, missing, url: url ? displayUrl(url) : null, ...unchecked }
  }
  const started = Date.now()
  const checked = { configured: true, missing: [] as string[], url: displayUrl(url) }
  try {
    const http_status = await client.probe(AbortSignal.timeout(STATUS_TIMEOUT_MS))
    return { ...checked, reachable: true, http_status, latency_ms: Date.now() - started, ...answered }
  } catch (error) {
    const latency_ms = Date.now() - started
    const verdict = error instanceof FreteServiceError ? failed(error) : null
    const http_status = (error as FreteServiceError).status ?? null
    if (verdict) return { ...checked, reachable: true, http_status, latency_ms, ...verdict }
    const message = error instanceof FreteServiceError ? error.message : "Unexpected error while checking the service"
    return { ...checked, ...unchecked, reachable: false, latency_ms, error: message }
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
      judge("freight", "token", (error) =>
        error instanceof QuotaExceededError
          ? { credentials: "accepted", error: "The plan's query limit is reached" }
          : error instanceof FreightQueryRejectedError
            ? { credentials: "accepted", error: null }
            : null
      )
    ),
    // The tracking API has no read operation: only a refusal tells anything about the credential.
    check(
      tracking,
      "credential",
      clients.tracking(tracking, options.tracking),
      { credentials: "unknown", error: null },
      judge("tracking", "credential")
    ),
  ])
  return { freight: freightStatus, tracking: trackingStatus }
}

const snakeCase = (stats: object) =>
  Object.fromEntries(
    Object.entries(stats).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value])
  )

/**
 * `kept`: the probe answered again for the same accounts in force (a monitor's polling costs one probe a period; a new
 * URL or secret is probed at once). The in-process figures are always read now.
 */
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
