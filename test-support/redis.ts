// A Redis server of the test's own: Debian's redis-server on a free loopback port, no disk, stopped
// after. Never a Redis of the system's, never a download.
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import net from "node:net"

export const REDIS_INSTALL = "apt-get install -y redis-server"

export interface TestRedis {
  url: string
  stop: () => Promise<void>
}

/** The redis-server on the PATH, or an error naming the command that installs it. */
export function redisServerBinary(which = "redis-server"): string {
  const probe = spawnSync(which, ["--version"], { encoding: "utf8" })
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `redis-server is not installed: the multi-instance tests run Medusa's Redis modules on a Redis of their own. Install it with \`${REDIS_INSTALL}\` (as .ci/run does).`
    )
  }
  return which
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Answers once Redis answers PING on `port`. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    socket.setTimeout(500)
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

export async function startRedis(): Promise<TestRedis> {
  const binary = redisServerBinary()
  const port = await freePort()
  const child: ChildProcess = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    }
  )
  let output = ""
  child.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) break
    if (await ping(port)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: async () => {
          if (child.exitCode === null) {
            child.kill("SIGTERM")
            await exited
          }
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill("SIGKILL")
  throw new Error(`redis-server did not start on port ${port}:\n${output}`)
}
