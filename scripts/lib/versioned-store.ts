// A store at a chosen Medusa version, in a folder outside the clone (nothing resolves from the
// clone's node_modules), that installs this plugin's packed tarball with npm from the registry,
// as a merchant on that version would: `npm install medusa-plugin-frete` beside Medusa. Then
// migrated, given an admin user and served with `medusa start`. The oldest-version test uses it.
import axios, { type AxiosInstance } from "axios"
import type { ChildProcess } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { run, start, stop, tail, waitForHttp } from "../demo/processes"

/**
 * The README's install section, literally, with the dashboard off (the test drives the APIs) and a
 * quote's deadline of 15 s: a store of development mode, on a machine busy with the tests' other
 * lane, could spend the default 2.5 s on its own part of the cart's first quote.
 */
export const VERSIONED_STORE_CONFIG = `
import { defineConfig } from "@medusajs/framework/utils"

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { jwtSecret: "compat-jwt-secret", cookieSecret: "compat-cookie-secret", storeCors: "*", adminCors: "*", authCors: "*" },
  },
  admin: { disable: true },
  plugins: [{ resolve: "medusa-plugin-frete", options: {
    freight:  { url: process.env.FRETE_FREIGHT_URL,  token: process.env.FRETE_FREIGHT_TOKEN, timeoutMs: 15_000 },
    tracking: { url: process.env.FRETE_TRACKING_URL, credential: process.env.FRETE_TRACKING_CREDENTIAL },
  } }],
  modules: [{ resolve: "@medusajs/medusa/fulfillment", dependencies: ["frete", "query", "locking"], options: { providers: [
    { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
    { resolve: "medusa-plugin-frete/providers/frete", id: "frete" },
  ] } }],
})
`

/** Medusa's starter's tsconfig, reduced to what the CLI needs to load medusa-config.ts. */
const STORE_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    module: "Node16",
    moduleResolution: "Node16",
    esModuleInterop: true,
    skipLibCheck: true,
    strict: true,
  },
  "ts-node": { swc: true },
  include: ["medusa-config.ts"],
}

export const VERSIONED_ADMIN = { email: "admin@loja-compat.com.br", password: "frete-compat-2026" }

/**
 * A merchant's two steps in `dir`: a store on Medusa `version` (package.json with the four
 * packages of Medusa's starter, medusa-config.ts, `npm install`), then `npm install <tarball>` of the packed plugin.
 * Fails with a sentence naming the version and npm's last lines when npm cannot install (no
 * registry, a peer conflict: ERESOLVE).
 */
export async function createVersionedStore(options: {
  dir: string
  version: string
  tarball: string
  logs: string
}): Promise<void> {
  const { dir, version } = options
  fs.mkdirSync(dir, { recursive: true })
  const dependencies = {
    "@medusajs/medusa": version,
    "@medusajs/framework": version,
    "@medusajs/cli": version,
    "@medusajs/admin-sdk": version,
  }
  // What Medusa's starter adds for its CLI to load medusa-config.ts: ts-node with SWC.
  const devDependencies = { "@swc/core": "^1.7.28", "ts-node": "^10.9.2", typescript: "^5.6.2" }
  // Rewritten on every run: a folder kept from an earlier run drops the plugin it had installed.
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: `store-medusa-${version}`, private: true, dependencies, devDependencies }, null, 2)
  )
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(STORE_TSCONFIG, null, 2))
  fs.writeFileSync(path.join(dir, "medusa-config.ts"), VERSIONED_STORE_CONFIG)
  const tarball = path.join(dir, path.basename(options.tarball))
  fs.copyFileSync(options.tarball, tarball)
  await npmInstall(dir, [], version, path.join(options.logs, "npm-install-medusa.log"))
  await npmInstall(dir, [`./${path.basename(tarball)}`], version, path.join(options.logs, "npm-install-plugin.log"))
}

/** `npm install`, the npm cache of an earlier run answering what it holds (--prefer-offline). */
export async function npmInstall(dir: string, packages: string[], what: string, log: string): Promise<void> {
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], {
    cwd: dir,
    env: process.env,
    log,
  }).catch(() => {
    throw new Error(
      `npm could not install ${packages.join(" ") || "the dependencies"} in ${dir} (${what}; the npm registry must be reachable). npm's log, ${log}:\n${tail(log, 30)}`
    )
  })
}

/** The Medusa version npm installed in the store (what the test really ran on). */
export function installedMedusaVersion(dir: string): string {
  return JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "@medusajs", "medusa", "package.json"), "utf8"))
    .version
}

export interface VersionedServer {
  api: AxiosInstance
  admin: { headers: { authorization: string } }
  stop: () => Promise<void>
}

/** `medusa db:migrate`, `medusa user`, `medusa start` with the store's own CLI; logs in as the admin. */
export async function startVersionedStore(options: {
  dir: string
  port: number
  env: NodeJS.ProcessEnv
  logs: string
}): Promise<VersionedServer> {
  const medusa = path.join(options.dir, "node_modules", ".bin", "medusa")
  const env = { ...options.env, PORT: String(options.port), NODE_ENV: "development" }
  await run(medusa, ["db:migrate"], { cwd: options.dir, env, log: path.join(options.logs, "migrate.log") })
  await run(medusa, ["user", "-e", VERSIONED_ADMIN.email, "-p", VERSIONED_ADMIN.password], {
    cwd: options.dir,
    env,
    log: path.join(options.logs, "user.log"),
  })
  const log = path.join(options.logs, "medusa.log")
  const url = `http://localhost:${options.port}`
  let child: ChildProcess | undefined
  try {
    child = start(medusa, ["start"], { cwd: options.dir, env, log })
    await waitForHttp(`${url}/health`, child, log, 240_000)
    // A fresh connection per call, as the demo's client: an idle kept-alive socket may be reset.
    const api = axios.create({ baseURL: url, httpAgent: new http.Agent({ keepAlive: false }) })
    const { data } = await api.post("/auth/user/emailpass", VERSIONED_ADMIN)
    const server = child
    return { api, admin: { headers: { authorization: `Bearer ${data.token}` } }, stop: () => stop(server) }
  } catch (error) {
    await stop(child)
    throw error
  }
}
