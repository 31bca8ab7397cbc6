// What the browser tests share: the demo's store on a Medusa server of its own (its own database in
// the test Postgres), the sandbox, and Debian's Chromium driven by playwright-core. Never a
// downloaded browser: without /usr/bin/chromium (CHROMIUM_PATH) a browser test fails, it does not skip.
import fs from "node:fs"
import path from "node:path"
import pg from "pg"
import { chromium, type Browser, type Page } from "playwright-core"
import { DEMO_ADMIN, ROOT, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { seedDemoStore, type DemoStore } from "../../scripts/demo/seed"
import { createSandbox, type Sandbox } from "../../sandbox/server"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const DOCS = path.join(ROOT, "docs")
// `medusa develop` restarts on any file written outside dot folders: screenshots wait in .cache,
// and go to docs/ (the README's) only when asked, so that a test run leaves the clone as it was.
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

const database = () => new pg.Client({ host: process.env.DB_HOST, port: Number(process.env.DB_PORT), user: process.env.DB_USERNAME, password: process.env.DB_PASSWORD, database: "postgres" })

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
  screenshotPrefix: string
}): Promise<BrowserStore> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install chromium (CI's .ci/run installs it), or set CHROMIUM_PATH`)
  }
  const name = `frete_${options.name}_${process.pid}`
  const sandbox = await createSandbox()
  const client = database()
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const server = await startMedusaServer({
    port: await freePort(),
    logs: path.join(ROOT, ".cache", `${options.name}-logs`),
    admin: options.admin,
    env: {
      ...process.env,
      DATABASE_URL: `postgres://${process.env.DB_USERNAME}:${process.env.DB_PASSWORD}@${process.env.DB_HOST}:${process.env.DB_PORT}/${name}`,
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
      FRETE_PLUGIN_OPTIONS_JSON: "",
      LOG_LEVEL: "info",
      ...options.env,
    },
  })
  const store = await seedDemoStore(server.api, server.admin)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
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
      for (const shot of shots.filter((file) => file.startsWith(options.screenshotPrefix))) {
        fs.copyFileSync(path.join(SHOTS, shot), path.join(DOCS, shot))
      }
      const cleanup = database()
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name}`)
      await cleanup.end()
    },
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
