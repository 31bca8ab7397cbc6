// `npm run demo`: a Brazilian store running this plugin, from a fresh clone. Postgres (kept in
// .demo/), the services' sandbox (unless FRETE_* point to real ones), migrations, a Medusa server
// with the admin, the demo's seed, one shopper's checkout and shipment; then it keeps serving
// until Ctrl-C. `npm run demo -- --once` stops after the storefront play.
import fs from "node:fs"
import path from "node:path"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { DEMO_ADMIN as ADMIN, ROOT, startMedusaServer, type MedusaServer } from "./medusa-server"
import { assertPortFree } from "./processes"
import { brl, days, DemoError, step, table } from "./progress"
import { seedDemoStore } from "./seed"
import { playStorefront } from "./storefront-play"
import { playReturn } from "./return-play"
import { startStorefront, type StorefrontServer } from "./storefront/server"

const DEMO_DIR = path.join(ROOT, ".demo")
const LOGS = path.join(DEMO_DIR, "logs")
const ONCE = process.argv.includes("--once")
const MEDUSA_PORT = Number(process.env.DEMO_MEDUSA_PORT ?? 9000)
const PG_PORT = Number(process.env.DEMO_PG_PORT ?? 54329)
const SANDBOX_PORT = Number(process.env.DEMO_SANDBOX_PORT ?? 4010)
const STOREFRONT_PORT = Number(process.env.DEMO_STOREFRONT_PORT ?? 8000)
const DATABASE = "medusa_frete_demo"
const MEDUSA_URL = `http://localhost:${MEDUSA_PORT}`

type Postgres = { stop: () => Promise<void> }

const running: { postgres?: Postgres; sandbox?: Sandbox; medusa?: MedusaServer; storefront?: StorefrontServer } = {}

async function shutdown(): Promise<void> {
  await running.storefront?.close()
  await running.medusa?.stop()
  await running.sandbox?.close()
  await running.postgres?.stop()
}

async function startPostgres(): Promise<{ url: string }> {
  const { startPostgres: startCluster, PG_USER, PG_PASSWORD } = await import("../postgres.mjs")
  const log = path.join(LOGS, "postgres.log")
  const lines: string[] = []
  try {
    const { server } = await startCluster({
      dir: path.join(DEMO_DIR, "postgres"),
      port: PG_PORT,
      persistent: true,
      log: (line: unknown) => lines.push(String(line)),
    })
    running.postgres = server
  } catch (error) {
    fs.mkdirSync(LOGS, { recursive: true })
    fs.writeFileSync(log, lines.join("\n"))
    throw new DemoError(
      `Postgres did not start: ${error instanceof Error ? error.message : String(error)}. Its log: ${log}. ` +
        `If an earlier demo is still running, stop it; to start from an empty database, delete ${path.join(DEMO_DIR, "postgres")}.`
    )
  }
  const { default: pg } = await import("pg")
  const client = new pg.Client({
    host: "localhost",
    port: PG_PORT,
    user: PG_USER,
    password: PG_PASSWORD,
    database: "postgres",
  })
  await client.connect()
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DATABASE])
  if (!rowCount) {
    await client.query(`create database ${DATABASE}`)
  }
  await client.end()
  return { url: `postgres://${PG_USER}:${PG_PASSWORD}@localhost:${PG_PORT}/${DATABASE}` }
}

async function main(): Promise<void> {
  const useSandbox = !(process.env.FRETE_FREIGHT_URL && process.env.FRETE_TRACKING_URL)
  await step("Checking ports", async () => {
    await assertPortFree(MEDUSA_PORT, "Medusa", "DEMO_MEDUSA_PORT")
    await assertPortFree(PG_PORT, "Postgres", "DEMO_PG_PORT")
    await assertPortFree(STOREFRONT_PORT, "storefront", "DEMO_STOREFRONT_PORT")
    if (useSandbox) await assertPortFree(SANDBOX_PORT, "sandbox", "DEMO_SANDBOX_PORT")
  })
  const { url: databaseUrl } = await step(`Postgres on port ${PG_PORT} (data in .demo/postgres)`, startPostgres)

  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl }
  if (useSandbox) {
    running.sandbox = await step(`Sandbox of the freight and tracking services on port ${SANDBOX_PORT}`, () =>
      createSandbox({ port: SANDBOX_PORT })
    )
    Object.assign(env, {
      FRETE_FREIGHT_URL: running.sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: running.sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
    })
  } else {
    process.stdout.write(
      `• Using the services at ${process.env.FRETE_FREIGHT_URL} and ${process.env.FRETE_TRACKING_URL}\n`
    )
  }

  const server = await startMedusaServer({ port: MEDUSA_PORT, env, logs: LOGS, watch: true })
  running.medusa = server
  const { api, admin } = server
  const store = await step("Seeding the Brazilian store", () =>
    seedDemoStore(api, admin, (line) => process.stdout.write(`${line}\n`))
  )
  running.storefront = await step(`Storefront on port ${STOREFRONT_PORT}`, () =>
    startStorefront({
      port: STOREFRONT_PORT,
      medusaUrl: MEDUSA_URL,
      config: {
        storeName: "Loja Demo",
        publishableKey: store.store.headers["x-publishable-api-key"],
        regionId: store.regionId,
      },
    })
  )
  const play = await step("Playing the storefront: quote, cart to Belo Horizonte (MG), order, shipment", () =>
    playStorefront(api, store)
  )

  process.stdout.write(`\nProduct page "Luminária de mesa", CEP 30130-010 (POST /store/frete/quotes):\n`)
  process.stdout.write(
    table(
      play.productPageQuotes.map((quote) => ({
        opção: quote.name,
        preço: brl(quote.amount),
        prazo: days(quote.days),
        entrega: quote.delivery_estimate ?? "—",
      }))
    ) + "\n"
  )
  process.stdout.write(`\nCheckout, 2× Camiseta básica + 1× Luminária de mesa to 30130-010:\n`)
  process.stdout.write(
    table(
      play.checkoutQuotes.map((quote) => ({
        opção: quote.option,
        preço: brl(quote.amount),
        prazo: days(quote.days),
        entrega: quote.delivery_estimate ?? "—",
        origem: quote.is_fallback ? "tabela da loja" : "cotação",
      }))
    ) + "\n"
  )
  process.stdout.write(
    `\nOrder #${play.order.display_id} placed with ${play.order.shipping} (${brl(play.order.amount)}), fulfilled and marked as shipped.\n`
  )
  process.stdout.write(
    `Tracking order: ${play.trackingOrder.status}${play.trackingOrder.remote_id ? `, remote Id ${play.trackingOrder.remote_id}` : ""}${play.trackingOrder.last_error ? ` (${play.trackingOrder.last_error})` : ""}\n`
  )
  process.stdout.write(JSON.stringify(play.trackingOrder.payload, null, 2).replace(/^/gm, "  ") + "\n")
  const returned = await step("Returning one item in the admin: a return priced from 30130-010 to 01310-100", () =>
    playReturn(api, store, play.order.id)
  )
  process.stdout.write(
    `Return of 1× ${returned.item}: ${brl(returned.amount)} by ${returned.service}${returned.carrier ? ` (${returned.carrier})` : ""}, ${days(returned.days)}.\n`
  )

  if (ONCE) {
    if (play.trackingOrder.status !== "created") {
      throw new DemoError(`The tracking order was not created: ${play.trackingOrder.last_error}`)
    }
    process.stdout.write("\nEvery step worked (--once): stopping.\n")
    return
  }
  process.stdout.write(
    `\nThe store is running:\n  Storefront: ${running.storefront.url}  (a shopper's side: product page, cart, checkout)\n  Admin:      ${MEDUSA_URL}/app  (${ADMIN.email} / ${ADMIN.password})\n  Store API:  ${MEDUSA_URL}/store  (x-publishable-api-key: ${store.store.headers["x-publishable-api-key"]})\n` +
      (running.sandbox
        ? `  Sandbox:    ${running.sandbox.url}  (calls: ${running.sandbox.url}/__sandbox/calls)\n`
        : "") +
      `Ctrl-C stops it all.\n`
  )
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve())
    process.once("SIGTERM", () => resolve())
  })
  process.stdout.write("\nStopping…\n")
}

main()
  .then(shutdown)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    process.stdout.write(
      `\n${error instanceof DemoError ? error.message : `The demo failed: ${error instanceof Error ? error.stack : String(error)}`}\n`
    )
    await shutdown().catch(() => undefined)
    process.exit(1)
  })
