// What the browser tests share: the demo's store on a Medusa server of its own (its own database in
// the test Postgres), the sandbox, and Debian's Chromium driven by playwright-core. Never a
// downloaded browser: without /usr/bin/chromium (CHROMIUM_PATH) a browser test fails, it does not skip.
import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Locator, type Page } from "playwright-core"
import { DEMO_ADMIN, ROOT, prepare, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { seedDemoStore, type DemoStore } from "../../scripts/demo/seed"
import { startStorefront, type StorefrontServer } from "../../scripts/demo/storefront/server"
import { createCart, eventually } from "../../scripts/lib/store-api"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import type { FreteQuote } from "../../storefront/index"
import { bootedTemplateName, inMaintenance, keepBootedDatabase } from "../setup/booted-database"
import { stylesheet, type Styles } from "./storefront-reading"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const DOCS = path.join(ROOT, "docs")
// Screenshots wait in .cache, and go to docs/ (the README's) only when asked, so that a test run
// leaves the clone as it was (and a demo's `medusa develop`, which restarts on any file written
// outside dot folders, keeps running).
export const SHOTS = path.join(ROOT, ".cache", "screenshots")

export interface BrowserStore {
  sandbox: Sandbox
  server: MedusaServer
  store: DemoStore
  browser: Browser
  page: Page
  /** Closes the browser, the server and the sandbox, copies `prefix`*.png to docs/ when asked, drops the database. */
  stop: () => Promise<void>
}

const databaseUrl = (name: string) =>
  `postgres://${process.env.DB_USERNAME}:${process.env.DB_PASSWORD}@${process.env.DB_HOST}:${process.env.DB_PORT}/${name}`

/**
 * Makes the database `name` for a browser file's server: a copy of the one the run's first browser
 * file prepared (migrated, and given the admin user by `medusa user`), kept as a template; true
 * when it is such a copy, so the server skips both. The first file starts it from the database an
 * app of this jest run booted, when there is one (the multi-instance file's), and migrates it
 * itself otherwise (`medusa db:migrate`, about 30 s), leaving it booted for the apps after it.
 * Without a run id (FRETE_TEST_FRESH_MIGRATIONS=1), an empty database that the server prepares itself.
 */
async function servedDatabase(name: string, env: Record<string, string>, logs: string): Promise<boolean> {
  const booted = bootedTemplateName(env)
  if (!booted) {
    await inMaintenance((client) => client.query(`create database ${name}`))
    return false
  }
  const template = booted.replace("frete-booted-", "frete-served-")
  const exists = async (database: string) =>
    inMaintenance(async (client) =>
      Boolean((await client.query("select 1 from pg_database where datname = $1", [database])).rowCount)
    )
  if (!(await exists(template))) {
    // One jest worker runs the browser files one after another: no other file makes it meanwhile.
    const building = `${template}-building`
    const migrated = await exists(booted)
    await inMaintenance(async (client) => {
      await client.query(`drop database if exists "${building}"`)
      await client.query(
        migrated ? `create database "${building}" with template "${booted}"` : `create database "${building}"`
      )
    })
    const buildingEnv = { ...process.env, ...env, DATABASE_URL: databaseUrl(building) }
    if (!migrated) {
      await prepare(buildingEnv, logs, ROOT, { migrate: true, user: false })
      await keepBootedDatabase(building, booted)
    }
    await prepare(buildingEnv, logs, ROOT, { migrate: false, user: true })
    await inMaintenance((client) => client.query(`alter database "${building}" rename to "${template}"`))
  }
  await inMaintenance((client) => client.query(`create database ${name} with template "${template}"`))
  return true
}

export async function startBrowserStore(options: {
  name: string
  admin: boolean
  env: NodeJS.ProcessEnv
  viewport: { width: number; height: number }
  /** The browser's language, which the storefront follows (Medusa's dashboard does not: see adminLanguage). */
  locale?: string
  /**
   * The dashboard's language as a merchant who chose it in Settings > Profile has it: "ptBR", "en"
   * (the dashboard keeps the choice in localStorage `lng`, and reads no browser language). Without
   * it, the dashboard's default, English. Set only where the page has no choice yet, so that a
   * change made in the profile stays.
   */
  adminLanguage?: string
  /** The file names of its screenshots start with one of these (copied to docs/ with UPDATE_SCREENSHOTS=1). */
  screenshotPrefix: string | string[]
}): Promise<BrowserStore> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}: apt-get install chromium (CI's .ci/run installs it), or set CHROMIUM_PATH`
    )
  }
  const name = `frete_${options.name}_${process.pid}`
  const sandbox = await createSandbox()
  const logs = path.join(ROOT, ".cache", `${options.name}-logs`)
  const prepared = await servedDatabase(name, options.env as Record<string, string>, logs)
  const server = await startMedusaServer({
    port: await freePort(),
    logs,
    admin: options.admin,
    prepared,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
      // The default 2.5 s from a request's arrival is not what these files prove (the checkout
      // group's faults do), and a server sharing two cores with the other lane can outlast it. A
      // failure is remembered 2 s, not 30: a test asks the API again soon after a fault it made.
      FRETE_PLUGIN_OPTIONS_JSON: JSON.stringify({ freight: { timeoutMs: 15_000, cache: { failureTtlMs: 2_000 } } }),
      LOG_LEVEL: "info",
      ...options.env,
    },
  })
  const store = await seedDemoStore(server.api, server.admin)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  })
  const page = await openPage(browser, options)
  const prefixes = ([] as string[]).concat(options.screenshotPrefix)
  return {
    sandbox,
    server,
    store,
    browser,
    page,
    stop: async () => {
      await browser.close()
      await server.stop()
      await sandbox.close()
      const shots = process.env.UPDATE_SCREENSHOTS === "1" && fs.existsSync(SHOTS) ? fs.readdirSync(SHOTS) : []
      for (const shot of shots.filter((file) => prefixes.some((prefix) => file.startsWith(prefix)))) {
        fs.copyFileSync(path.join(SHOTS, shot), path.join(DOCS, shot))
      }
      await inMaintenance((client) => client.query(`drop database if exists ${name}`))
    },
  }
}

/**
 * A page of its own (its own storage) in the store's browser: a second merchant, say, whose
 * dashboard is in another language. `adminLanguage` as in startBrowserStore.
 */
export async function openPage(
  browser: Browser,
  options: { viewport: { width: number; height: number }; locale?: string; adminLanguage?: string }
): Promise<Page> {
  const page = await browser.newPage({ viewport: options.viewport, locale: options.locale })
  if (options.adminLanguage) {
    await page.addInitScript((language: string) => {
      try {
        if (!window.localStorage.getItem("lng")) window.localStorage.setItem("lng", language)
      } catch {
        // about:blank has no storage: nothing to set there.
      }
    }, options.adminLanguage)
  }
  return page
}

/**
 * What a browser file's case files share (a server, a storefront session): started once before
 * the file's first test and stopped after its last. The getter throws outside a test or a hook.
 */
export function startedForFile<T extends { stop: () => Promise<void> }>(
  what: string,
  start: () => Promise<T>
): () => T {
  let started: T | undefined
  beforeAll(async () => {
    started = await start()
  })
  afterAll(async () => {
    await started?.stop()
  })
  return () => {
    if (!started) {
      throw new Error(`${what} is not started yet: use it inside a test or a hook`)
    }
    return started
  }
}

/** Logs in to Medusa's admin as the demo's admin user, as a merchant would. */
export async function logInToAdmin(page: Page, server: MedusaServer): Promise<void> {
  await page.goto(`${server.url}/app/login`)
  await page.fill("input[name=email]", DEMO_ADMIN.email)
  await page.fill("input[name=password]", DEMO_ADMIN.password)
  await page.click("button[type=submit]")
  await page.waitForURL(/\/app\/orders/)
}

/** The storefront's browser tests' session: the demo's store, its storefront, and a shopper's moves through its pages. */
export interface StorefrontSession extends BrowserStore {
  storefront: StorefrontServer
  /** The bodies of the quote route's requests the page made (a test empties it). */
  quoteRequests: string[]
  /** The page's stylesheet from the next page load: the reset, then the kit's and the shop's ("shop"), the kit's alone, or none. */
  setStyles: (styles: Styles) => void
  byTestId: (id: string) => Locator
  settings: (body: Record<string, unknown>) => Promise<unknown>
  /** The quote route's answer for one unit of a product at a CEP. */
  apiQuotes: (cep: string, handle: string, quantity?: number) => Promise<FreteQuote[]>
  /** The product page's calculator, for one CEP: its options once answered, or its error. */
  quoteOnProductPage: (handle: string, cep: string) => Promise<void>
  /** The provider's shipping options that checkout offers a cart of this product at this CEP (Medusa's own list). */
  storeOptions: (handle: string, cep: string) => Promise<Array<{ id: string; name: string; provider_id: string }>>
  /** A cart of one product through the storefront's pages, to the address form (`fresh`: a new cart, with nothing in it before). */
  toAddressForm: (handle: string, options?: { fresh?: boolean }) => Promise<void>
  /** The rest of the address form, then the delivery step, once every option is priced (or not). */
  toDeliveryStep: (
    handle: string | null,
    address: { cep?: string; city: string; uf: string },
    options?: { fresh?: boolean }
  ) => Promise<void>
}

/**
 * The storefront's session on a server of its own. `admin: true` serves the dashboard too, for
 * merchants' pages of their own (openPage) beside the shopper's; `screenshotPrefix` then adds theirs.
 */
export async function startStorefrontSession(
  name: string,
  options: { admin?: boolean; screenshotPrefix?: string[] } = {}
): Promise<StorefrontSession> {
  const shop = await startBrowserStore({
    name,
    admin: options.admin ?? false,
    env: {},
    viewport: { width: 1100, height: 900 },
    locale: "pt-BR",
    screenshotPrefix: ["storefront-", ...(options.screenshotPrefix ?? [])],
  })
  const { server, store, page } = shop
  page.setDefaultTimeout(60_000)
  const storefront = await startStorefront({
    port: await freePort(),
    medusaUrl: server.url,
    config: {
      storeName: "Loja Demo",
      publishableKey: store.store.headers["x-publishable-api-key"],
      regionId: store.regionId,
    },
  })
  let styles: Styles = "shop"
  // The reset first, as a Tailwind storefront's base layer; then what the test asks for.
  await page.route(`${storefront.url}/assets/app.css`, (route) =>
    route.fulfill({ contentType: "text/css; charset=utf-8", body: stylesheet(styles) })
  )
  const quoteRequests: string[] = []
  page.on("request", (request) => {
    if (request.url().endsWith("/store/frete/quotes")) quoteRequests.push(request.postData() ?? "")
  })
  const byTestId = (id: string) => page.getByTestId(id)
  const toAddressForm = async (handle: string, options: { fresh?: boolean } = {}) => {
    if (options.fresh) {
      await page.goto(storefront.url)
      await page.evaluate(() => window.localStorage.removeItem("frete-demo-cart"))
    }
    await page.goto(`${storefront.url}/produtos/${handle}`)
    await byTestId("add-to-cart").click()
    await byTestId("cart-page").waitFor()
    await byTestId("go-to-checkout").click()
    await byTestId("address-form").waitFor()
  }
  return {
    ...shop,
    storefront,
    quoteRequests,
    setStyles: (next) => {
      styles = next
    },
    byTestId,
    settings: (body) => server.api.post("/admin/frete/settings", body, server.admin),
    apiQuotes: async (cep, handle, quantity = 1) =>
      (
        await server.api.post(
          "/store/frete/quotes",
          { postal_code: cep, items: [{ variant_id: store.variantIds[handle], quantity }] },
          store.store
        )
      ).data.quotes as FreteQuote[],
    quoteOnProductPage: async (handle, cep) => {
      await page.goto(`${storefront.url}/produtos/${handle}`)
      await page.locator(".frete-calculator__input").fill(cep)
      await page.locator(".frete-calculator__input").press("Enter")
      await page.locator(".frete-calculator__list, .frete-calculator__error").first().waitFor()
    },
    storeOptions: async (handle, cep) => {
      const cartId = await createCart(server.api, store, [{ variant_id: store.variantIds[handle], quantity: 1 }], {
        postal_code: cep,
      })
      const { data } = await server.api.get("/store/shipping-options", { ...store.store, params: { cart_id: cartId } })
      return (data.shipping_options as Array<{ id: string; name: string; provider_id: string }>).filter(
        (option) => option.provider_id === "frete_frete"
      )
    },
    toAddressForm,
    toDeliveryStep: async (handle, address, options = {}) => {
      if (handle) await toAddressForm(handle, options)
      const form = byTestId("address-form")
      const fields: Record<string, string> = {
        ...(address.cep ? { postal_code: address.cep } : {}),
        email: "ana.souza@example.com.br",
        first_name: "Ana",
        last_name: "Souza",
        address_1: "Avenida Afonso Pena, 1212",
        city: address.city,
        province: address.uf,
        phone: "(31) 99876-5432",
        cpf: "529.982.247-25",
      }
      for (const [field, value] of Object.entries(fields)) await form.locator(`input[name=${field}]`).fill(value)
      await byTestId("address-submit").click()
      await byTestId("delivery-step").waitFor()
      await eventually(async () => (await page.locator(".delivery-choice[data-state=loading]").count()) === 0)
    },
    stop: async () => {
      await storefront.close()
      await shop.stop()
    },
  }
}
