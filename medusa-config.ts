// The Medusa app that runs this repository's `src/` as its own project: used by the
// integration tests and the demo. A store that installs the plugin uses the snippet of the
// README instead. Not part of the build.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

// With REDIS_URL, Medusa's production topology (the README's "Deploying"): the event bus, the
// workflow engine, locking and the Caching Module on Redis, shared by every instance, and the
// instance's role from MEDUSA_WORKER_MODE (`shared`, `server` or `worker`).
const redisUrl = process.env.REDIS_URL
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } },
          ],
        },
      },
      {
        resolve: "@medusajs/medusa/caching",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } },
          ],
        },
      },
    ]
  : []

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "server" | "worker" | undefined) ?? "shared",
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  featureFlags: redisUrl ? { caching: true } : {},
  modules: [
    ...redisModules,
    // A store passes these on its plugin entry; here the plugin runs as the project itself.
    {
      resolve: "./src/modules/frete",
      options: process.env.FRETE_PLUGIN_OPTIONS_JSON ? JSON.parse(process.env.FRETE_PLUGIN_OPTIONS_JSON) : undefined,
    },
    {
      resolve: "@medusajs/medusa/fulfillment",
      // What the provider prices with: the plugin's module, Query and Locking (README).
      dependencies: ["frete", "query", "locking"],
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/frete", id: "frete" },
        ],
      },
    },
  ],
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
  },
})
