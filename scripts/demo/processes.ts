// The demo's moving parts: free ports, child processes with their logs, waiting for HTTP.
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import { DemoError } from "./progress"

/** Fails with a sentence when something already listens on `port`. */
export function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new DemoError(
          error.code === "EADDRINUSE"
            ? `Port ${port} (${what}) is in use. Stop what listens there (lsof -i :${port}), or pick another port: ${variable}=${port + 1} npm run demo`
            : `Port ${port} (${what}) cannot be used: ${error.message}`
        )
      )
    })
    probe.listen(port, () => probe.close(() => resolve()))
  })
}

/** The last lines of a log, to show when a step fails. */
export function tail(file: string, lines = 20): string {
  try {
    return fs
      .readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .slice(-lines)
      .map((line) => `    ${line}`)
      .join("\n")
  } catch {
    return "    (no log)"
  }
}

/** Runs a command to its end, its output in `log`; fails with the log's tail. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: string }
): Promise<string> {
  fs.mkdirSync(path.dirname(options.log), { recursive: true })
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.on("error", (error) => reject(new DemoError(`${command} could not start: ${error.message}`)))
    child.on("close", (code) => {
      fs.writeFileSync(options.log, output)
      if (code === 0) resolve(output)
      else
        reject(
          Object.assign(
            new DemoError(
              `${command} ${args.join(" ")} failed (exit ${code}). Its log, ${options.log}:\n${tail(options.log)}`
            ),
            { output }
          )
        )
    })
  })
}

/** Starts a long-running command in its own process group, its output appended to `log`. */
export function start(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: string }
): ChildProcess {
  fs.mkdirSync(path.dirname(options.log), { recursive: true })
  const out = fs.openSync(options.log, "w")
  return spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", out, out], detached: true })
}

/** Stops a child started by `start`, its whole process group (npx, medusa, the dev server). */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid
  if (!child || !pid || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  try {
    process.kill(-pid, "SIGTERM")
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {
      // already gone
    }
  }, 10_000)
  await exited
  clearTimeout(timer)
  // The group's leader (npx) may exit before what it started (medusa develop, its server): the
  // rest of the group gets the same grace, then SIGKILL, so that nothing outlives the test or demo.
  const until = Date.now() + 10_000
  while (groupAlive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200))
  if (groupAlive(pid)) {
    try {
      process.kill(-pid, "SIGKILL")
    } catch {
      // gone meanwhile
    }
  }
}

/** Whether any process of the group `pid` leads is still running (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Polls `url` until it answers `status`, the child dies, or `timeoutMs` passes. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  log: string,
  timeoutMs: number,
  status = 200
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new DemoError(`The Medusa server stopped (exit ${child.exitCode}). Its log, ${log}:\n${tail(log)}`)
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(60_000) })
      await answer.arrayBuffer()
      if (answer.status === status) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new DemoError(`${url} did not answer within ${timeoutMs / 1000} s. The server's log, ${log}:\n${tail(log)}`)
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))
      )
    })
  })
}
