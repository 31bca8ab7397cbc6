// The low end of the plugin's peer range: a store on the oldest Medusa it declares, made outside
// the clone with npm from the registry, installs the packed plugin, boots, prices a checkout and
// tracks a shipment through the sandbox. The full suite proves the high end (devDependencies).
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { seedDemoStore } from "../../scripts/demo/seed"
import { playStorefront } from "../../scripts/demo/storefront-play"
import { freePort } from "../../scripts/demo/processes"
import { packPlugin } from "../../scripts/lib/installed-store"
import {
  formatWithKit,
  installInStorefront,
  STARTER_STOREFRONT_DEPENDENCIES,
} from "../../scripts/lib/storefront-install"
import {
  createVersionedStore,
  installedMedusaVersion,
  startVersionedStore,
  type VersionedServer,
} from "../../scripts/lib/versioned-store"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { rememberSecret } from "../../test-support/log-guard"
import { oldestSupportedMedusa } from "../helpers/peer-range"

const FREIGHT_TOKEN = "oldest-freight-token-5e1a"
const TRACKING_CREDENTIAL = "oldest-tracking-credential-c27f"
rememberSecret(FREIGHT_TOKEN, TRACKING_CREDENTIAL)

const version = oldestSupportedMedusa()
// Outside the clone, so that nothing resolves from its node_modules (Medusa 2.21 there). Kept
// between runs: npm then only reconciles (the plugin's tarball changes, Medusa does not).
const storeDir = path.join(os.tmpdir(), "medusa-plugin-frete-compat", `medusa-${version}`)
// npm's and Medusa's logs, kept after the run (a failure names them); the tarball, removed.
const logs = path.join(os.tmpdir(), "medusa-plugin-frete-compat", `logs-medusa-${version}`)
const work = fs.mkdtempSync(path.join(os.tmpdir(), "frete-oldest-"))
const database = `frete_oldest_${process.pid}`

let sandbox: Sandbox
let server: VersionedServer | undefined
let tarball: string

function postgresClient(): Client {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  return new Client({
    host: DB_HOST,
    port: Number(DB_PORT),
    user: DB_USERNAME,
    password: DB_PASSWORD,
    database: "postgres",
  })
}

async function inPostgres(sql: string): Promise<void> {
  const client = postgresClient()
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  sandbox = await createSandbox({ freightToken: FREIGHT_TOKEN, trackingCredential: TRACKING_CREDENTIAL })
  await inPostgres(`CREATE DATABASE ${database}`)
  tarball = packPlugin(work)
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await sandbox?.close()
  await inPostgres(`DROP DATABASE IF EXISTS ${database}`)
  fs.rmSync(work, { recursive: true, force: true })
}, 60_000)

it(`installs, boots, prices a checkout and tracks a shipment in a store on Medusa ${version}`, async () => {
  await createVersionedStore({ dir: storeDir, version, tarball, logs })
  expect(installedMedusaVersion(storeDir)).toBe(version)

  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  server = await startVersionedStore({
    dir: storeDir,
    port: await freePort(),
    logs,
    env: {
      ...process.env,
      DATABASE_URL: `postgres://${DB_USERNAME}:${DB_PASSWORD}@${DB_HOST}:${DB_PORT}/${database}`,
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: FREIGHT_TOKEN,
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: TRACKING_CREDENTIAL,
    },
  })

  // An HTTP error as a sentence: axios's own holds its socket, which jest cannot report.
  server.api.interceptors.response.use(
    undefined,
    (error: {
      config?: { method?: string; url?: string }
      response?: { status: number; data: unknown }
      message: string
    }) =>
      // Its status and body kept (not the response, which holds the socket): a caller may read them, as completeCart does.
      Promise.reject(
        Object.assign(
          new Error(
            `${error.config?.method?.toUpperCase()} ${error.config?.url}: ${error.response ? `${error.response.status} ${JSON.stringify(error.response.data)}` : error.message}`
          ),
          {
            response: error.response && { status: error.response.status, data: error.response.data },
          }
        )
      )
  )
  const store = await seedDemoStore(server.api, server.admin)
  // The routes' validators use the plugin's own zod 4, not Medusa's `@medusajs/framework/zod`
  // (zod 3 before 2.14): their Portuguese messages (zod 4's `error` option) hold on the oldest too.
  const anyStatus = { validateStatus: () => true }
  const noCep = await server.api.post("/store/frete/quotes", {}, { ...store.store, ...anyStatus })
  expect({ status: noCep.status, message: noCep.data.message }).toEqual({
    status: 400,
    message: "Consulta de frete inválida: postal_code: informe o CEP",
  })
  const wordDays = await server.api.post(
    "/admin/frete/products/prod_qualquer/handling-days",
    { handling_days: "três" },
    { ...server.admin, ...anyStatus }
  )
  expect({ status: wordDays.status, message: wordDays.data.message }).toEqual({
    status: 400,
    message: "Prazo de manuseio inválido: use um número inteiro de dias, de 0 a 365.",
  })
  const play = await playStorefront(server.api, store)

  expect(play.productPageQuotes.length).toBeGreaterThan(0)
  expect(play.checkoutQuotes.length).toBeGreaterThan(0)
  for (const quote of play.checkoutQuotes) {
    expect(quote.amount).toBeGreaterThan(0)
    expect(quote.is_fallback).toBe(false)
    expect(quote.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  }
  expect(play.trackingOrder).toMatchObject({ status: "created", attempts: 1 })
  expect(sandbox.trackingOrders()).toHaveLength(1)
  expect(sandbox.trackingOrders()[0].order).toMatchObject({
    OrderNumber: String(play.order.display_id),
    CustomerState: "MG",
    CompanyPostalCode: "01310100",
  })

  // The order's totals as this version's own admin route computes them: on 2.13 the plugin's
  // read once sent the freight alone as OrderSalesValue (its item fields kept Medusa from
  // loading the prices its totals are computed from).
  const { data } = await server.api.get(`/admin/orders/${play.order.id}`, server.admin)
  const totals = {
    total: data.order.total,
    item_total: data.order.item_total,
    freight: data.order.shipping_methods[0]?.amount,
  }
  expect({ itemsArePriced: totals.item_total > 0, freightIsPriced: totals.freight > 0 }).toEqual({
    itemsArePriced: true,
    freightIsPriced: true,
  })
  const sent = sandbox.trackingOrders()[0].order
  expect({ OrderSalesValue: sent.OrderSalesValue, FreightCost: sent.FreightCost }).toEqual({
    OrderSalesValue: totals.total,
    FreightCost: totals.freight,
  })
}, 900_000)

// Issue 20: a storefront keeps its own @medusajs/js-sdk (the dtc-starter's 2.18.0) and React 19.
it.each(["npm", "pnpm"] as const)(
  `installs with %s in a storefront on @medusajs/js-sdk ${STARTER_STOREFRONT_DEPENDENCIES["@medusajs/js-sdk"]}, whose kit then imports`,
  async (manager) => {
    const dir = path.join(work, `storefront-${manager}`)
    const output = await installInStorefront({ dir, manager, tarball, logs })
    // pnpm installs despite unmet peers, and says so: that is what a storefront must never read.
    expect(output).not.toMatch(/unmet peer|Issues with peer dependencies|ERESOLVE/)
    const sdk = JSON.parse(
      fs.readFileSync(path.join(dir, "node_modules", "@medusajs", "js-sdk", "package.json"), "utf8")
    )
    expect(sdk.version).toBe(STARTER_STOREFRONT_DEPENDENCIES["@medusajs/js-sdk"])
    expect(await formatWithKit(dir)).toBe("R$ 33,14")
  },
  300_000
)
