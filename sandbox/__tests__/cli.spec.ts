import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { createServer, type Server } from "node:net"
import { join } from "node:path"
import { DEFAULT_CLI_PORT, parseCliArgs } from "../cli-args"
import { waitFor } from "./helpers"

const ROOT = join(__dirname, "..", "..")

/** Children still running when a test ends (a failed expectation) are killed in afterEach. */
const children: ChildProcess[] = []

/** Runs the CLI as `npm run sandbox` does, through ts-node's transpile-only loader. */
function runCli(args: string[]) {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "sandbox/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: "" },
  })
  children.push(child)
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = once(child, "exit").then(([code]) => code as number | null)
  return { child, exited, output: () => ({ stdout, stderr }) }
}

describe("parseCliArgs", () => {
  it("defaults to port 4010 and no limit", () => {
    expect(parseCliArgs([])).toMatchObject({ port: DEFAULT_CLI_PORT, queryLimit: null, auction: false })
  })

  it("reads every flag", () => {
    const args = [
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--token",
      "t",
      "--credential",
      "c",
      "--limit",
      "5",
      "--latency",
      "20",
      "--auction",
    ]
    expect(parseCliArgs(args)).toEqual({
      port: 0,
      host: "0.0.0.0",
      freightToken: "t",
      trackingCredential: "c",
      queryLimit: 5,
      latencyMs: 20,
      auction: true,
    })
  })

  it.each([[["--port", "70000"]], [["--limit", "-1"]], [["--latency", "fast"]], [["--verbose"]]])(
    "refuses %p",
    (args) => {
      expect(() => parseCliArgs(args)).toThrow()
    }
  )
})

describe("sandbox/cli.ts", () => {
  let busy: Server | undefined

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL")
      }
    }
    if (busy) {
      await new Promise((resolve) => busy?.close(resolve))
      busy = undefined
    }
  })

  it("prints the URL and the lines to export, then closes on SIGTERM", async () => {
    const cli = runCli(["--port", "0", "--token", "cli-token"])
    // ts-node compiles the CLI first: up to 10 s on a busy machine (hence the test's 30 s).
    await waitFor(
      () => cli.output().stdout.includes("FRETE_TRACKING_CREDENTIAL="),
      "the CLI to print the lines to export",
      1_000
    )
    const { stdout } = cli.output()
    const listening = /^Sandbox listening at (http:\/\/127\.0\.0\.1:\d+)$/m
    expect(stdout).toMatch(listening)
    const [, url] = listening.exec(stdout) as RegExpExecArray
    expect(stdout).toContain(`FRETE_FREIGHT_URL=${url}\n`)
    expect(stdout).toContain("FRETE_FREIGHT_TOKEN=cli-token\n")
    expect(stdout).toContain(`FRETE_TRACKING_URL=${url}\n`)
    expect(stdout).toContain("FRETE_TRACKING_CREDENTIAL=sandbox-tracking-credential\n")
    expect((await fetch(`${url}/__sandbox/stats`)).status).toBe(200)
    cli.child.kill("SIGTERM")
    expect(await cli.exited).toBe(0)
  }, 30_000)

  it("says in one line that the port is in use, and exits 1", async () => {
    busy = createServer()
    await new Promise<void>((resolve) => busy?.listen(0, "127.0.0.1", resolve))
    const address = busy.address()
    const port = typeof address === "object" && address ? address.port : 0
    const cli = runCli(["--port", String(port)])
    expect(await cli.exited).toBe(1)
    expect(cli.output().stderr.trim().split("\n")).toEqual([expect.stringContaining(`Port ${port} is already in use`)])
  }, 30_000)
})
