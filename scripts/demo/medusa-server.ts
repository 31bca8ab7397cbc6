// A Medusa server running this repository as its project, with the admin: migrations, an admin
// user, `medusa develop` (the demo) or `medusa start` in development mode (the tests), and a
// logged-in admin API client.
import axios, { type AxiosInstance } from "axios"
import type { ChildProcess } from "node:child_process"
import http from "node:http"
import path from "node:path"
import { run, start, stop, waitForHttp } from "./processes"
import { DemoError, step } from "./progress"

export const ROOT = path.resolve(__dirname, "..", "..")
/** Medusa's CLI of this clone: never one npx would look for elsewhere. */
const MEDUSA = path.join(ROOT, "node_modules", ".bin", "medusa")

export const DEMO_ADMIN = { email: "admin@loja-demo.com.br", password: "frete-demo-2026" }

export interface MedusaServer {
  url: string
  api: AxiosInstance
  admin: { headers: { authorization: string } }
  /** The process group of the server (medusa develop and its server process, or medusa start). */
  pid: number
  stop: () => Promise<void>
}

/**
 * Migrates `env.DATABASE_URL`, makes the admin user, starts the server on `port` and logs in.
 * `admin: false` serves no dashboard (a faster start, for tests of the store side only).
 * `prepared: true` skips the migrations and the user (another server of the same database made
 * them); `login: false` does not log in (a worker, `MEDUSA_WORKER_MODE=worker`, serves no route
 * but `/health`). `built`: the folder of a store's `medusa build` output, run with `medusa start`
 * as in production, instead of this repository in development mode. `watch: true` (the demo) runs
 * `medusa develop`, which restarts the server when a file of the clone changes; without it,
 * `medusa start` with NODE_ENV=development, the very process `medusa develop` forks, with no
 * watcher process of its own to boot (about 3.6 s of CPU less per server).
 */
export async function startMedusaServer(options: {
  port: number
  env: NodeJS.ProcessEnv
  logs: string
  admin?: boolean
  prepared?: boolean
  login?: boolean
  built?: string
  watch?: boolean
}): Promise<MedusaServer> {
  const withAdmin = options.admin !== false
  const project = options.built
    ? { cwd: options.built, command: "start", nodeEnv: "production" }
    : { cwd: ROOT, command: options.watch ? "develop" : "start", nodeEnv: "development" }
  const env = {
    ...options.env,
    PORT: String(options.port),
    NODE_ENV: project.nodeEnv,
    ...(withAdmin ? {} : { MEDUSA_ADMIN_DISABLED: "true" }),
  }
  const url = `http://localhost:${options.port}`
  if (!options.prepared) await prepare(env, options.logs, project.cwd)
  const log = path.join(options.logs, "medusa.log")
  let child: ChildProcess | undefined
  try {
    await step(`Medusa server on port ${options.port} (log: ${path.relative(ROOT, log)})`, async () => {
      child = start(MEDUSA, [project.command], { cwd: project.cwd, env, log })
      await waitForHttp(`${url}/health`, child, log, 240_000)
    })
    if (withAdmin) {
      await step("Admin dashboard", () => waitForHttp(`${url}/app`, child as ChildProcess, log, 240_000))
    }
    // A fresh connection per call: a kept-alive socket the dev server closes while idle resets the next call.
    const api = axios.create({ baseURL: url, httpAgent: new http.Agent({ keepAlive: false }) })
    const pid = (child as ChildProcess).pid as number
    const stopIt = () => stop(child)
    if (options.login === false) {
      return { url, api, admin: { headers: { authorization: "" } }, pid, stop: stopIt }
    }
    const { data } = await api.post("/auth/user/emailpass", DEMO_ADMIN).catch(() => {
      throw new DemoError(
        `The admin user could not log in. The user command's log: ${path.join(options.logs, "user.log")}`
      )
    })
    return { url, api, admin: { headers: { authorization: `Bearer ${data.token}` } }, pid, stop: stopIt }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/**
 * The database's migrations and the admin user (`env.DATABASE_URL`'s), run from `cwd` (this clone
 * unless given); `steps` leaves one of them out.
 */
export async function prepare(
  env: NodeJS.ProcessEnv,
  logs: string,
  cwd: string = ROOT,
  steps = { migrate: true, user: true }
): Promise<void> {
  if (steps.migrate)
    await step("Migrations", () => run(MEDUSA, ["db:migrate"], { cwd, env, log: path.join(logs, "migrate.log") }))
  if (!steps.user) return
  await step(`Admin user ${DEMO_ADMIN.email}`, () =>
    run(MEDUSA, ["user", "-e", DEMO_ADMIN.email, "-p", DEMO_ADMIN.password], {
      cwd,
      env,
      log: path.join(logs, "user.log"),
    }).catch((error: { output?: string }) => {
      // A second run finds the user there: that is fine, the login below proves it.
      if (!/exist/i.test(error.output ?? "")) throw error
    })
  )
}
