// Medusa as a store runs it in production: two server instances and a worker
// (MEDUSA_WORKER_MODE), one Postgres, one Redis for the event bus, the workflow engine, locking
// and the Caching Module. One cart priced through both servers costs one freight call; the quota
// guard's per-client bound holds across them, on the quote route and Medusa's calculate; two
// admins saving different fields at once through the two servers lose none of them; the worker
// tracks each shipment once, and, killed with a call under way and restarted, ends that row failed
// after its lease with one call. This file's own app only seeds the store (as a server: it runs no
// job of its own; a test calls the job's function where it says so).
import path from "node:path"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { INTERRUPTED_REASON } from "../../src/lib/tracking/delivery-policy"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { LEASE_MARGIN_MS } from "../../src/modules/frete/tracking-order-store"
import { ROOT, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { createCart, eventually, listAndCalculate, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { rememberSecret } from "../../test-support/log-guard"
import { startRedis, type TestRedis } from "../../test-support/redis"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"
import { createTrackingStore, type TrackingRow, type TrackingStore } from "../helpers/tracking-store"
import { checkoutBoundsOfTwoServers } from "./checkout-bounds.cases"
import { freightFiguresOfTwoServers } from "./freight-figures.cases"

const CREDENTIAL = "bXVsdGk6czNjcjN0LW11bHRpLWNyZWRlbnRpYWw="
const CARRIER_GUID = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a"
const CPF_FORMATTED = "529.982.247-25"
// Rounds of saves of six fields at once, half through each server.
const SAVE_ROUNDS = 5
// A failed attempt is retried 6.4-9.6 s later (the delivery policy's jitter): well after the
// restart test has killed the worker, so that the worker started after it is the one that sends,
// and before that worker is up. A call's deadline of 6 s: a lease of 11 s (LEASE_MARGIN_MS more).
const PLUGIN_OPTIONS = { tracking: { timeoutMs: 6_000, retry: { baseDelayMs: 8_000, maxDelayMs: 8_000 } } }
// The worker runs the delivery job every 5 s instead of on the minute: a restarted worker's first
// run comes within seconds, not up to a minute later.
const WORKER_JOB_SECONDS = "5"
// A minute no other run shares, 1 s in. The tests share it: each bound test uses clients and networks of its own.
const GUARD_MINUTE = Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 100_000) * 60_000 + 1_000
rememberSecret(CREDENTIAL)

jest.setTimeout(900_000)

type Answer = { status: number; data: { quotes?: Array<{ amount: number }>; code?: string } }

freteIntegrationTestRunner({
  sandbox: { trackingCredential: CREDENTIAL },
  pluginOptions: PLUGIN_OPTIONS,
  env: { MEDUSA_WORKER_MODE: "server" },
  testSuite: ({ api, getContainer, sandbox, dbConfig, dbConnection }) => {
    let redis: TestRedis | undefined
    let tracking: TrackingStore
    let serverA: MedusaServer | undefined
    let serverB: MedusaServer | undefined
    let worker: MedusaServer | undefined
    let childEnv: NodeJS.ProcessEnv

    const logs = (name: string) => path.join(ROOT, ".cache", "multi-instance-logs", name)
    const startWorker = async () =>
      startMedusaServer({
        port: await freePort(),
        logs: logs("worker"),
        admin: false,
        prepared: true,
        login: false,
        env: { ...childEnv, MEDUSA_WORKER_MODE: "worker", FRETE_TRACKING_JOB_SECONDS: WORKER_JOB_SECONDS },
      })

    beforeAll(async () => {
      redis = await startRedis()
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
      childEnv = {
        ...process.env,
        DATABASE_URL: dbConfig.clientUrl,
        REDIS_URL: redis.url,
        FRETE_PLUGIN_OPTIONS_JSON: JSON.stringify(PLUGIN_OPTIONS),
        // The servers' quota guard stopped in one minute of its own: the bound tests' takes all fall in it, with no wait.
        FRETE_QUOTA_CLOCK_AT: String(GUARD_MINUTE),
        LOG_LEVEL: "info",
      }
      // This file's app migrated the database and made the admin the tests call with (the servers
      // share its JWT secret): the servers start on it as it is, with no login of their own.
      const startServer = async (name: string) =>
        startMedusaServer({
          port: await freePort(),
          logs: logs(name),
          admin: false,
          prepared: true,
          login: false,
          env: { ...childEnv, MEDUSA_WORKER_MODE: "server" },
        })
      ;[serverA, serverB, worker] = await Promise.all([startServer("server-a"), startServer("server-b"), startWorker()])
    })

    afterAll(async () => {
      await Promise.all([serverA?.stop(), serverB?.stop(), worker?.stop()])
      await redis?.stop()
    })

    const a = () => serverA as MedusaServer
    const b = () => serverB as MedusaServer
    // The status route's own probe (an empty body) is not a quote.
    const freightCalls = () =>
      sandbox()
        .calls({ service: "freight" })
        .filter((call) => JSON.stringify(call.body) !== "{}").length
    const quote = (server: MedusaServer, body: Record<string, unknown>, client?: string): Promise<Answer> =>
      server.api
        .post("/store/frete/quotes", body, {
          headers: { ...tracking.store.store.headers, ...(client ? { "x-forwarded-for": client } : {}) },
        })
        .catch((error: { response: Answer }) => error.response)
    // An axios error is made plain: jest's worker cannot send one back (its request and response refer to each other).
    const rowsOf = async (orderId: string) => {
      const answer = await a()
        .api.get("/admin/frete/tracking-orders", { ...tracking.store.admin, params: { order_id: orderId } })
        .catch((error: { response?: { status: number; data: unknown }; message: string }) => {
          throw new Error(
            `tracking orders of ${orderId}: ${error.response?.status ?? error.message} ${JSON.stringify(error.response?.data ?? {})}`
          )
        })
      return answer.data.tracking_orders as TrackingRow[]
    }
    // A shipment's calls, by its label's tracking number (the order's `Code`).
    const trackingCallsOf = (code: string) =>
      sandbox()
        .calls({ service: "tracking" })
        .filter((call) => (call.body as { Code?: string } | undefined)?.Code === code)
        .map((call) => ({ status: call.status, fault: call.fault }))
    const storedOrdersOf = (code: string) =>
      sandbox()
        .trackingOrders()
        .filter((stored) => stored.order.Code === code).length
    const shop = () => ({ ...tracking.store, admin: tracking.store.admin })
    /** Saves the quote route's bound, then waits until both servers have read it again (within settingsRefreshMs). */
    const boundInForce = async (perMinute: number) => {
      await api.post("/admin/frete/settings", { quote_route_limit_per_minute: perMinute }, tracking.store.admin)
      for (const server of [a(), b()]) {
        await eventually(
          async () =>
            (await server.api.get("/admin/frete/settings", tracking.store.admin)).data.settings
              .quote_route_limit_per_minute === perMinute,
          200,
          `a bound of ${perMinute} a minute in force on ${server.url}`
        )
      }
    }

    freightFiguresOfTwoServers({ a, b, quote, shop, tracking: () => tracking })
    checkoutBoundsOfTwoServers({ a, b, shop, tracking: () => tracking, freightCalls, boundInForce, admin: () => api })

    it("one cart priced through both servers makes one freight call", async () => {
      const before = freightCalls()
      const cartId = await createCart(a().api, shop(), [{ variant_id: tracking.mug, quantity: 1 }], {
        postal_code: "30130-010",
      })
      const throughA = await listAndCalculate(a().api, shop(), cartId)
      const throughB = await listAndCalculate(b().api, shop(), cartId)
      const priced = (answer: typeof throughA) =>
        answer.prices.map((price) => ({
          status: price.status,
          amount: price.body.shipping_option?.calculated_price?.calculated_amount,
        }))
      expect(priced(throughA).length).toBeGreaterThan(0)
      expect(priced(throughA).filter((price) => !(price.status === 200 && (price.amount ?? 0) > 0))).toEqual([])
      expect(priced(throughB)).toEqual(priced(throughA))
      expect(freightCalls() - before).toBe(1)
    })

    it("a cart priced on both servers at once makes one freight call: checkout's provider holds the query's lock", async () => {
      sandbox().configure({ latencyMs: 400 })
      try {
        const cartId = await createCart(a().api, shop(), [{ variant_id: tracking.shirt, quantity: 2 }], {
          postal_code: "40010-000",
        })
        const before = freightCalls()
        const calculate = (server: MedusaServer) =>
          server.api
            .post(
              `/store/shipping-options/${tracking.optionId}/calculate`,
              { cart_id: cartId, data: {} },
              tracking.store.store
            )
            .catch((error: { response: Answer }) => error.response)
        const answers = (await Promise.all([a(), b(), a(), b(), a(), b()].map(calculate))) as Array<{
          status: number
          data: { shipping_option?: { calculated_price?: { calculated_amount?: number } } }
        }>
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
        expect(
          new Set(answers.map((answer) => answer.data.shipping_option?.calculated_price?.calculated_amount)).size
        ).toBe(1)
        expect(freightCalls() - before).toBe(1)
      } finally {
        sandbox().configure({ latencyMs: 0 })
      }
    })

    it("the quote route's per-client bound holds across both servers, keyed on the client the proxy forwards", async () => {
      await boundInForce(4)
      try {
        const before = freightCalls()
        const ceps = [
          "50010-000",
          "60010-000",
          "66010-000",
          "69010-000",
          "70040-000",
          "74010-000",
          "78010-000",
          "79010-000",
        ]
        const answers: number[] = []
        for (const [index, cep] of ceps.entries()) {
          const server = index % 2 === 0 ? a() : b()
          answers.push(
            (
              await quote(
                server,
                { postal_code: cep, items: [{ variant_id: tracking.mug, quantity: 1 }] },
                "198.51.100.7"
              )
            ).status
          )
        }
        expect(answers.filter((status) => status === 200)).toHaveLength(4)
        expect(answers.slice(4)).toEqual([429, 429, 429, 429])
        expect(freightCalls() - before).toBe(4)
        // Another client behind the same proxy has a bound of its own.
        expect(
          (
            await quote(
              b(),
              { postal_code: "80010-000", items: [{ variant_id: tracking.mug, quantity: 1 }] },
              "198.51.100.9"
            )
          ).status
        ).toBe(200)
      } finally {
        await api.post("/admin/frete/settings", { quote_route_limit_per_minute: 60 }, tracking.store.admin)
      }
    })

    it("keeps every one of several saves of different fields made at once on the two servers", async () => {
      // A save holds the settings row's lock from its read to its write, so the later one merges
      // over the earlier instead of writing back what it read before it.
      const save = (server: MedusaServer, body: Record<string, unknown>) =>
        server.api.post("/admin/frete/settings", body, tracking.store.admin).then(
          (answer) => answer.status,
          (error: { response?: { status: number; data: unknown } }) => ({
            status: error.response?.status,
            data: error.response?.data,
          })
        )
      const stored = async () =>
        (await dbConnection.raw(`select settings from frete_settings where id = 'frete_settings'`)).rows[0]?.settings
      const landed: Array<Record<string, unknown>> = []
      const expected: Array<Record<string, unknown>> = []
      for (let round = 1; round <= SAVE_ROUNDS; round += 1) {
        // Whole values of top-level fields: what is tested is the race, not the merge of nested objects.
        const fields = {
          max_options: round,
          quote_route_limit_per_minute: 40 + round,
          handling_days_metadata_key: `dias_${round}`,
          quote_store_limit_per_minute: 900 + round,
          origin_cep: `0131010${round}`,
          trusted_proxies: ["loopback", `10.0.${round}.0/24`],
        }
        const statuses = await Promise.all(
          Object.entries(fields).map(([field, value], index) => save(index % 2 === 0 ? a() : b(), { [field]: value }))
        )
        expect({ round, statuses }).toEqual({ round, statuses: Object.keys(fields).map(() => 200) })
        const row = await stored()
        landed.push({ round, ...Object.fromEntries(Object.keys(fields).map((field) => [field, row[field]])) })
        expected.push({ round, ...fields })
      }
      expect(landed).toEqual(expected)

      // Both servers put both in force (each reads the row again within settingsRefreshMs).
      for (const server of [a(), b()]) {
        const inForce = await eventually(
          async () => {
            const { settings } = (await server.api.get("/admin/frete/settings", tracking.store.admin)).data
            return settings.max_options === SAVE_ROUNDS && settings.trusted_proxies[1] === `10.0.${SAVE_ROUNDS}.0/24`
              ? settings
              : undefined
          },
          100,
          `the last round in force on ${server.url}`
        )
        expect({ max_options: inForce.max_options, trusted_proxies: inForce.trusted_proxies }).toEqual({
          max_options: SAVE_ROUNDS,
          trusted_proxies: ["loopback", `10.0.${SAVE_ROUNDS}.0/24`],
        })
      }
    })

    it("a shipment made on one server is tracked once, by the worker", async () => {
      const order = await placeOrder(a().api, shop(), tracking.optionId, [{ variant_id: tracking.mug, quantity: 1 }], {
        metadata: { cpf: CPF_FORMATTED },
      })
      await shipOrder(b().api, shop(), order, { trackingNumber: "BR123456789BR" })
      const [row] = await eventually(async () => {
        const rows = await rowsOf(order.id)
        return rows.length && rows[0].status === "created" ? rows : undefined
      }, 600)
      expect(row).toMatchObject({ status: "created", attempts: 1 })
      expect(trackingCallsOf("BR123456789BR")).toEqual([{ status: 200, fault: null }])
      expect(storedOrdersOf("BR123456789BR")).toBe(1)
    })

    it("a worker killed mid-call and restarted: the row it was sending ends failed after its lease, one call, and a pending row is sent once", async () => {
      // One shipment's first attempt gets a 503: pending, its retry due 6.4-9.6 s later.
      sandbox().setFault("tracking", { mode: "status", status: 503, times: 1 })
      const waiting = await placeOrder(
        b().api,
        shop(),
        tracking.optionId,
        [{ variant_id: tracking.shirt, quantity: 1 }],
        { metadata: { cpf: CPF_FORMATTED } }
      )
      await shipOrder(a().api, shop(), waiting, { trackingNumber: "BR223456789BR" })
      const [pending] = await eventually(async () => {
        const rows = await rowsOf(waiting.id)
        return rows.length && rows[0].attempts > 0 ? rows : undefined
      }, 600)
      expect({ status: pending.status, attempts: pending.attempts }).toEqual({ status: "pending", attempts: 1 })
      // The next one's call the service holds: the worker dies (kill -9, as in a crash or a deploy) with it under way.
      sandbox().setFault("tracking", { mode: "hang", times: 1 })
      const cut = await placeOrder(b().api, shop(), tracking.optionId, [{ variant_id: tracking.mug, quantity: 1 }], {
        metadata: { cpf: CPF_FORMATTED },
      })
      await shipOrder(a().api, shop(), cut, { trackingNumber: "BR987654321BR" })
      await eventually(async () => trackingCallsOf("BR987654321BR").length === 1, 300)
      const [sending] = await rowsOf(cut.id)
      expect({ status: sending.status, attempts: sending.attempts }).toEqual({ status: "sending", attempts: 0 })
      process.kill(-(worker as MedusaServer).pid, "SIGKILL")
      await worker?.stop()

      // Within its lease, the row is left alone: the call might still be answered.
      const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
      await frete.sweepTrackingLeases()
      const { rows: leases } = await dbConnection.raw(
        `select status, extract(epoch from (lease_until - now())) * 1000 as left_ms from tracking_order where id = ?`,
        [sending.id]
      )
      expect(leases[0].status).toBe("sending")
      expect(Number(leases[0].left_ms)).toBeLessThanOrEqual(PLUGIN_OPTIONS.tracking.timeoutMs + LEASE_MARGIN_MS)

      // The worker comes back. Its job ends the cut row failed once the lease has run out ("check
      // the service's panel": the service may have the order), and sends the pending one.
      worker = await startWorker()
      const [failed] = await eventually(async () => {
        const rows = await rowsOf(cut.id)
        return rows[0]?.status === "failed" ? rows : undefined
      }, 1_500)
      expect(failed).toMatchObject({
        attempts: 1,
        remote_id: null,
        next_attempt_at: null,
        last_error: INTERRUPTED_REASON,
      })
      const [created] = await eventually(async () => {
        const rows = await rowsOf(waiting.id)
        return rows[0]?.status === "created" ? rows : undefined
      }, 1_500)
      expect(created.remote_id).toBeTruthy()
      // The job's later runs send neither again.
      for (let run = 0; run < 3; run += 1) {
        await deliverTrackingOrdersJob(getContainer())
      }
      expect({ waiting: trackingCallsOf("BR223456789BR"), cut: trackingCallsOf("BR987654321BR") }).toEqual({
        waiting: [
          { status: 503, fault: "status" },
          { status: 200, fault: null },
        ],
        cut: [{ status: null, fault: "hang" }],
      })
      expect({ waiting: storedOrdersOf("BR223456789BR"), cut: storedOrdersOf("BR987654321BR") }).toEqual({
        waiting: 1,
        cut: 0,
      })

      // The merchant checked the panel and resends on purpose, by name: created, the second call.
      const { data } = await a().api.post(
        `/admin/frete/tracking-orders/${failed.id}/retry`,
        { resend_maybe_created: true },
        tracking.store.admin
      )
      expect(data.tracking_order).toMatchObject({ status: "created", attempts: 2 })
      expect(storedOrdersOf("BR987654321BR")).toBe(1)
    })
  },
})
