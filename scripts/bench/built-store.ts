// The store the bench measures: this plugin built, packed and installed as a store installs it
// (the README's snippet), with the bench's constant-price provider as the store's own, then
// `medusa build`: the bench runs its output with `medusa start`, as a store runs in production.
import fs from "node:fs"
import path from "node:path"
import { ROOT } from "../demo/medusa-server"
import { run } from "../demo/processes"
import { createInstalledStore } from "../lib/installed-store"

// Medusa's Redis modules when REDIS_URL is set (the README's "Deploying"); the role from
// MEDUSA_WORKER_MODE; the plugin's options from FRETE_PLUGIN_OPTIONS_JSON, its URLs and secrets
// from the FRETE_* variables.
const STORE_CONFIG = `
import { defineConfig } from "@medusajs/framework/utils"

const redisUrl = process.env.REDIS_URL || undefined
// BENCH_WITHOUT_FRETE: the same store without the plugin, for figure 11.
const withFrete = process.env.BENCH_WITHOUT_FRETE !== "true"
const redis = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      { resolve: "@medusajs/medusa/locking", options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] } },
      { resolve: "@medusajs/medusa/caching", options: { providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }] } },
    ]
  : []

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "server" | "worker" | undefined) ?? "shared",
    http: { jwtSecret: "bench-jwt-secret", cookieSecret: "bench-cookie-secret", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  featureFlags: redisUrl ? { caching: true } : {},
  plugins: withFrete ? [{ resolve: "medusa-plugin-frete", options: process.env.FRETE_PLUGIN_OPTIONS_JSON ? JSON.parse(process.env.FRETE_PLUGIN_OPTIONS_JSON) : {} }] : [],
  modules: [
    ...redis,
    {
      resolve: "@medusajs/medusa/fulfillment",
      dependencies: withFrete ? ["frete", "query", "locking"] : [],
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          ...(withFrete ? [{ resolve: "medusa-plugin-frete/providers/frete", id: "frete" }] : []),
          { resolve: "./src/providers/constant", id: "constant" },
        ],
      },
    },
  ],
})
`

/** Builds the store; returns the folder `medusa start` runs in. */
export async function buildBenchStore(logs: string): Promise<string> {
  const store = createInstalledStore("bench-store", STORE_CONFIG)
  const provider = path.join(store, "src", "providers", "constant")
  fs.mkdirSync(provider, { recursive: true })
  fs.copyFileSync(path.join(ROOT, "scripts", "bench", "constant-provider", "index.ts"), path.join(provider, "index.ts"))
  // What a store's package.json declares; Medusa's CLI runs only in a folder that depends on it.
  const medusaVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, "node_modules", "@medusajs", "medusa", "package.json"), "utf8")
  ).version as string
  fs.writeFileSync(
    path.join(store, "package.json"),
    JSON.stringify({
      name: "bench-store",
      private: true,
      dependencies: {
        "@medusajs/medusa": medusaVersion,
        "@medusajs/framework": medusaVersion,
        "@medusajs/cli": medusaVersion,
        "medusa-plugin-frete": "*",
      },
    })
  )
  fs.writeFileSync(
    path.join(store, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2021",
        module: "Node16",
        moduleResolution: "Node16",
        esModuleInterop: true,
        skipLibCheck: true,
        outDir: "./.medusa/server",
        rootDir: "./",
        strict: true,
      },
      include: ["src/**/*", "medusa-config.ts"],
    })
  )
  await run(path.join(ROOT, "node_modules", ".bin", "medusa"), ["build"], {
    cwd: store,
    env: { ...process.env, NODE_ENV: "production" },
    log: path.join(logs, "build.log"),
  })
  return path.join(store, ".medusa", "server")
}
