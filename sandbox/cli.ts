/**
 * `npm run sandbox`: runs the sandbox until SIGINT / SIGTERM and prints the environment that
 * points the plugin at it. The only file of the sandbox that prints.
 */
import { CLI_USAGE, parseCliArgs } from "./cli-args"
import { DEFAULT_FREIGHT_TOKEN, DEFAULT_TRACKING_CREDENTIAL } from "./config"
import { createSandbox } from "./server"
import type { Sandbox, SandboxOptions } from "./types"

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error ? String(error.code) : undefined
}

async function start(options: SandboxOptions): Promise<Sandbox> {
  try {
    return await createSandbox(options)
  } catch (error) {
    const where = `${options.host ?? "127.0.0.1"}:${options.port}`
    if (errorCode(error) === "EADDRINUSE") {
      fail(`Port ${options.port} is already in use (${where}): stop what runs there or pass --port <another>.`)
    }
    fail(`The sandbox could not listen on ${where}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function main(): Promise<void> {
  let options: SandboxOptions
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${CLI_USAGE}`)
  }
  const sandbox = await start(options)
  const token = options.freightToken ?? DEFAULT_FREIGHT_TOKEN
  const credential = options.trackingCredential ?? DEFAULT_TRACKING_CREDENTIAL
  console.log(`Sandbox listening at ${sandbox.url}`)
  console.log(`  freight:  POST ${sandbox.url}/v2/consulta?token=<token>`)
  console.log(`  tracking: POST ${sandbox.url}/v1/tracking`)
  console.log(`  control:  ${sandbox.url}/__sandbox/ (see sandbox/README.md)`)
  console.log("Point the plugin at it with:")
  console.log(`FRETE_FREIGHT_URL=${sandbox.url}`)
  console.log(`FRETE_FREIGHT_TOKEN=${token}`)
  console.log(`FRETE_TRACKING_URL=${sandbox.url}`)
  console.log(`FRETE_TRACKING_CREDENTIAL=${credential}`)
  console.log("Ctrl+C stops it.")

  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: closing the sandbox.`)
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

void main()
