// Screenshots of the running demo's admin for the README (docs/*.png). Start `npm run demo`
// first, then: npx ts-node --transpile-only scripts/demo/screenshot.ts
// Uses Debian's Chromium (apt-get install chromium); it never downloads a browser.
import path from "node:path"
import { chromium } from "playwright-core"

const BASE = `http://localhost:${process.env.DEMO_MEDUSA_PORT ?? 9000}`
const DOCS = path.resolve(__dirname, "..", "..", "docs")

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`${BASE}/app/login`)
  await page.fill("input[name=email]", "admin@loja-demo.com.br")
  await page.fill("input[name=password]", "frete-demo-2026")
  await page.click("button[type=submit]")
  await page.waitForURL(/\/app\/orders/, { timeout: 120_000 })
  await page.waitForSelector("table tbody tr", { timeout: 120_000 })
  await page.click("table tbody tr")
  await page.waitForURL(/\/app\/orders\/order_/, { timeout: 60_000 })
  await page.waitForTimeout(3000)
  await page.screenshot({ path: path.join(DOCS, "admin-order.png") })
  await browser.close()
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
