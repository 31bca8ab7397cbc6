// The bench's Medusa servers: the packed plugin's store, on the bench's Postgres and sandbox.
import path from "node:path"
import type { Sandbox } from "../../sandbox/server"
import { ROOT, startMedusaServer, type MedusaServer } from "../demo/medusa-server"
import { freePort } from "../demo/processes"
import type { TestRedis } from "../../test-support/redis"

export const LOGS = path.join(ROOT, ".cache", "bench-logs")

/**
 * A Medusa server of the bench's database. With `redis`, on Medusa's Redis modules (event bus,
 * workflow engine, locking, caching) as a store runs in production, in the given role.
 */
export async function startServer(
  built: string,
  databaseUrl: string,
  sandbox: Sandbox,
  pluginOptions: object | null,
  topology: {
    redis?: TestRedis
    role?: "shared" | "server"
    logs?: string
    heapMiB?: number
    withoutFrete?: boolean
  } = {}
): Promise<MedusaServer> {
  return startMedusaServer({
    port: await freePort(),
    logs: topology.logs ?? LOGS,
    built,
    admin: false,
    prepared: topology.role === "server",
    env: {
      REDIS_URL: topology.redis?.url ?? "",
      MEDUSA_WORKER_MODE: topology.role ?? "shared",
      // Medusa's telemetry forks a reader of its whole event queue per flush: not part of a figure.
      MEDUSA_DISABLE_TELEMETRY: "true",
      ...process.env,
      DATABASE_URL: databaseUrl,
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
      FRETE_PLUGIN_OPTIONS_JSON: pluginOptions ? JSON.stringify(pluginOptions) : "",
      LOG_LEVEL: "warn",
      NODE_OPTIONS: topology.heapMiB ? `--max-old-space-size=${topology.heapMiB}` : "",
      BENCH_WITHOUT_FRETE: topology.withoutFrete ? "true" : "",
    },
  })
}
