/** The command line of `npm run sandbox`, read into SandboxOptions; throws a one-line message. */
import { parseArgs } from "node:util"
import type { SandboxOptions } from "./types"

export const DEFAULT_CLI_PORT = 4010

export const CLI_USAGE =
  "Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--token T] [--credential C] [--limit N] [--latency MS] [--auction]"

function wholeNumber(flag: string, text: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) {
    return undefined
  }
  const value = Number(text)
  if (!/^\d+$/.test(text) || value > max) {
    throw new Error(`--${flag} must be a whole number from 0 to ${max}, got "${text}"`)
  }
  return value
}

export function parseCliArgs(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      credential: { type: "string" },
      limit: { type: "string" },
      latency: { type: "string" },
      auction: { type: "boolean" },
    },
  })
  return {
    port: wholeNumber("port", values.port, 65535) ?? DEFAULT_CLI_PORT,
    host: values.host,
    freightToken: values.token,
    trackingCredential: values.credential,
    queryLimit: wholeNumber("limit", values.limit) ?? null,
    latencyMs: wholeNumber("latency", values.latency),
    auction: values.auction ?? false,
  }
}
