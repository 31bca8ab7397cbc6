// Two admins saving at the same moment through two Medusa server instances on one database (the
// setup of multi-instance.spec.ts, without the worker): each save changes other fields, and every
// one of them lands. A save holds the settings row's lock from its read to its write, so the later
// one merges over the earlier instead of writing back what it read before it.
import path from "node:path"
import { ROOT, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { eventually } from "../../scripts/lib/store-api"
import { startRedis, type TestRedis } from "../../test-support/redis"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

jest.setTimeout(900_000)

const ROUNDS = 5

freteIntegrationTestRunner({
  env: { MEDUSA_WORKER_MODE: "server" },
  testSuite: ({ dbConfig, dbConnection }) => {
    let redis: TestRedis | undefined
    let serverA: MedusaServer | undefined
    let serverB: MedusaServer | undefined

    const logs = (name: string) => path.join(ROOT, ".cache", "settings-concurrency-logs", name)

    beforeAll(async () => {
      redis = await startRedis()
      const env = { ...process.env, DATABASE_URL: dbConfig.clientUrl, REDIS_URL: redis.url, FRETE_PLUGIN_OPTIONS_JSON: "", LOG_LEVEL: "info", MEDUSA_WORKER_MODE: "server" }
      // The first server migrates the database and makes the admin user; the second starts on it as it is.
      serverA = await startMedusaServer({ port: await freePort(), logs: logs("server-a"), admin: false, env })
      serverB = await startMedusaServer({ port: await freePort(), logs: logs("server-b"), admin: false, prepared: true, env })
    })

    afterAll(async () => {
      await Promise.all([serverA?.stop(), serverB?.stop()])
      await redis?.stop()
    })

    const save = (server: MedusaServer | undefined, body: Record<string, unknown>) =>
      (server as MedusaServer).api.post("/admin/frete/settings", body, (server as MedusaServer).admin).then(
        (answer) => answer.status,
        (error: { response?: { status: number; data: unknown } }) => ({ status: error.response?.status, data: error.response?.data })
      )
    const stored = async () => (await dbConnection.raw(`select settings from frete_settings where id = 'frete_settings'`)).rows[0]?.settings

    it("keeps every one of several saves of different fields made at once on two instances", async () => {
      const landed: Array<Record<string, unknown>> = []
      const expected: Array<Record<string, unknown>> = []
      for (let round = 1; round <= ROUNDS; round += 1) {
        // Whole values of top-level fields: what is tested is the race, not the merge of nested objects.
        const fields = {
          extra_days: round,
          quote_route_limit_per_minute: 40 + round,
          handling_days_metadata_key: `dias_${round}`,
          quote_store_limit_per_minute: 900 + round,
          origin_cep: `0131010${round}`,
          trusted_proxy_hops: round,
        }
        const statuses = await Promise.all(
          Object.entries(fields).map(([field, value], index) => save(index % 2 === 0 ? serverA : serverB, { [field]: value }))
        )
        expect({ round, statuses }).toEqual({ round, statuses: Object.keys(fields).map(() => 200) })
        const row = await stored()
        landed.push({ round, ...Object.fromEntries(Object.keys(fields).map((field) => [field, row[field]])) })
        expected.push({ round, ...fields })
      }
      expect(landed).toEqual(expected)

      // Both instances put both in force (each reads the row again within settingsRefreshMs).
      for (const server of [serverA, serverB] as MedusaServer[]) {
        const inForce = await eventually(async () => {
          const { settings } = (await server.api.get("/admin/frete/settings", server.admin)).data
          return settings.extra_days === ROUNDS && settings.trusted_proxy_hops === ROUNDS ? settings : undefined
        }, 100, `the last round in force on ${server.url}`)
        expect({ extra_days: inForce.extra_days, trusted_proxy_hops: inForce.trusted_proxy_hops }).toEqual({ extra_days: ROUNDS, trusted_proxy_hops: ROUNDS })
      }
    })
  },
})
