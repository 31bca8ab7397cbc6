// The Medusa app that runs this repository's `src/` as its own project: used by the
// integration tests and the demo. A store that installs the plugin uses the snippet of the
// README instead. Not part of the build.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"
import path from "node:path"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  modules: [
    // A store passes these on its plugin entry; here the plugin runs as the project itself.
    { resolve: "./src/modules/frete", options: process.env.FRETE_PLUGIN_OPTIONS_JSON ? JSON.parse(process.env.FRETE_PLUGIN_OPTIONS_JSON) : undefined },
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/frete", id: "frete" },
          // `npm run bench` only: the baseline it measures the plugin against.
          ...(process.env.FRETE_BENCH_BASELINE === "true" ? [{ resolve: path.join(process.cwd(), "scripts/bench/constant-provider"), id: "constant" }] : []),
        ],
      },
    },
  ],
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true",
  },
})
