import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { createAdminUser } from "../helpers/admin-auth"
import { createInstalledStore } from "../../scripts/lib/installed-store"
import { rememberSecret } from "../../test-support/log-guard"

const FREIGHT_TOKEN = "installed-freight-token-71c2"
const TRACKING_CREDENTIAL = "installed-tracking-credential-0b9d"
rememberSecret(FREIGHT_TOKEN, TRACKING_CREDENTIAL)

// The README's snippet, as a store writes it: the options on the plugin entry, from the env.
const STORE_CONFIG = `
import { defineConfig } from "@medusajs/framework/utils"

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "supersecret", cookieSecret: "supersecret", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  plugins: [{ resolve: "medusa-plugin-frete", options: {
    freight:  { url: process.env.STORE_FREIGHT_URL,  token: process.env.STORE_FREIGHT_TOKEN },
    tracking: { url: process.env.STORE_TRACKING_URL, credential: process.env.STORE_TRACKING_CREDENTIAL },
  } }],
})
`

// Built and unpacked when this file loads: the runner reads the store's config in its beforeAll.
const store = createInstalledStore("installed-store", STORE_CONFIG)
let sandbox: Sandbox
const saved = { ...process.env }

beforeAll(async () => {
  sandbox = await createSandbox({ freightToken: FREIGHT_TOKEN, trackingCredential: TRACKING_CREDENTIAL })
  // The runner loads medusa-config.ts before it applies its `env`, so these go to process.env.
  // Nothing under FRETE_*: only the plugin entry's options can configure it.
  Object.assign(process.env, {
    FRETE_FREIGHT_URL: "",
    FRETE_FREIGHT_TOKEN: "",
    FRETE_TRACKING_URL: "",
    FRETE_TRACKING_CREDENTIAL: "",
    STORE_FREIGHT_URL: sandbox.url,
    STORE_FREIGHT_TOKEN: FREIGHT_TOKEN,
    STORE_TRACKING_URL: sandbox.url,
    STORE_TRACKING_CREDENTIAL: TRACKING_CREDENTIAL,
  })
})

afterAll(async () => {
  process.env = saved
  await sandbox.close()
  fs.rmSync(store, { recursive: true, force: true })
})

medusaIntegrationTestRunner({
  cwd: store,
  testSuite: ({ api, getContainer }) => {
    it("holds only the build", () => {
      const files = fs.readdirSync(path.join(store, "node_modules", "medusa-plugin-frete"))
      expect(files.sort()).toEqual([".medusa", "README.md", "package.json"])
    })

    it("gives a storefront its kit: ES modules with types, the React entry a client component, the optional stylesheet", () => {
      const kit = path.join(store, "node_modules", "medusa-plugin-frete", ".medusa", "storefront")
      expect(fs.readdirSync(kit).sort()).toEqual([
        "index.d.ts",
        "index.mjs",
        "react.d.ts",
        "react.mjs",
        "styles.css",
        "types",
      ])
      expect(fs.readFileSync(path.join(kit, "react.mjs"), "utf8").startsWith('"use client";')).toBe(true)
      // Imported by the package's name, as a storefront's bundler or Node resolves it through `exports`.
      const script = `
        import { formatPrice, formatDeliveryDate, maskCep, serializeFreteError, FreteError } from "medusa-plugin-frete/storefront"
        import { FreteDeliveryOptionLabel, useFreteWarmQuote } from "medusa-plugin-frete/storefront/react"
        import { createElement } from "react"
        import { renderToStaticMarkup } from "react-dom/server"
        import { readFileSync } from "node:fs"
        import { createRequire } from "node:module"
        const facts = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", days: 4, delivery_estimate: "2026-11-26", is_fallback: false }
        const error = JSON.parse(JSON.stringify(serializeFreteError(new FreteError("cep_not_served"))))
        // Resolved through the package's exports map, as a storefront's bundler resolves its import.
        const css = readFileSync(createRequire(process.cwd() + "/store.js").resolve("medusa-plugin-frete/storefront/styles.css"), "utf8")
        console.log(JSON.stringify([formatPrice(33.14), formatPrice(0), formatDeliveryDate("2026-11-26"), maskCep("01310100"),
          renderToStaticMarkup(createElement(FreteDeliveryOptionLabel, { name: "SEDEX", amount: 33.14, facts })),
          renderToStaticMarkup(createElement(FreteDeliveryOptionLabel, { name: "SEDEX", amount: null, facts: null, error })),
          typeof useFreteWarmQuote, css.includes(".frete-calculator__input")]))`
      const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: store,
        encoding: "utf8",
      })
      const [price, free, date, cep, label, failed, hook, styles] = JSON.parse(output)
      expect([price, free, date, cep]).toEqual(["R$ 33,14", "Grátis", "Chega até qui., 26 de nov.", "01310-100"])
      expect(label).toContain('<span class="frete-option__price">R$ 33,14</span>')
      // A CEP-level error: the label says only this, the options' notice says why.
      expect(failed).toContain('<span class="frete-option__error">Indisponível para este CEP</span>')
      expect([hook, styles]).toEqual(["function", true])
    })

    it("types the kit for a storefront's compiler: its shapes resolve from inside the package, not to any", () => {
      const dir = fs.mkdtempSync(path.join(store, "typed-storefront-"))
      const imports = `import { FreteError, type FreteErrorCode, type FreteFacts, type FreteQuote } from "medusa-plugin-frete/storefront"\n`
      const files = {
        "typed.ts": `${imports}const facts: FreteFacts = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", days: 4, delivery_estimate: "2026-11-26", is_fallback: false }
const code: FreteErrorCode = new FreteError("cep_not_served").code
export const read: [FreteFacts, FreteErrorCode, FreteQuote["amount"]] = [facts, code, 33.14]\n`,
        // Were the shared shapes lost on the way (an import the package cannot resolve), they would
        // be \`any\` and this would compile.
        "wrong.ts": `${imports}export const facts: FreteFacts = { service: 1, days: "4" }\n`,
      }
      for (const [file, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), source)
      // Both files in one compiler run, every declaration they reach checked (the package's own
      // `.d.ts` among them); no ambient `@types` package of this clone's, which none of them imports.
      const compilerOptions = {
        noEmit: true,
        strict: true,
        skipLibCheck: false,
        module: "esnext",
        moduleResolution: "bundler",
        target: "es2020",
        lib: ["es2020", "dom"],
        types: [],
      }
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: Object.keys(files) }))
      let output = ""
      try {
        execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(dir, "tsconfig.json")], {
          cwd: store,
          encoding: "utf8",
        })
      } catch (error) {
        output = String((error as { stdout?: string }).stdout)
      }
      const errors = output.split("\n").filter((line) => / error TS\d+/.test(line))
      // The typed file compiles; the wrong one is refused on its line of wrong shapes, and only there.
      expect(errors.filter((line) => !/wrong\.ts\(2,\d+\): error TS/.test(line))).toEqual([])
      expect(output).toMatch(/wrong\.ts\(2,\d+\): error TS2322/)
    })

    it("runs in a store that installed the package, configured by its plugin entry", async () => {
      const admin = await createAdminUser(api, getContainer())
      const answer = await api.get("/admin/frete/status", admin)
      expect(answer.data.freight).toMatchObject({ configured: true, reachable: true, credentials: "accepted" })
      expect(answer.data.tracking).toMatchObject({ configured: true, reachable: true, credentials: "unknown" })
      expect(sandbox.calls({ service: "freight" })).toHaveLength(1)
    })
  },
})
