// The token, the query and the client the specs of FreightClient against the sandbox share.
import { createSandbox, type Sandbox } from "../../../../sandbox/server"
import { rememberSecret } from "../../../../test-support/log-guard"
import type { FreteLogger } from "../../utils/logger"
import { FreightClient } from "../client"
import type { FreightQuery } from "../schemas"
import { recordingLogger } from "../../__tests__/recording-logger"

// Characters that change when URL-encoded, so the redaction of both forms is exercised.
export const TOKEN = "Tok+en/With=Chars-9f8e7d"
rememberSecret(TOKEN)

export const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 250,
  volumes: [{ sku: "CAMISA-P", quantity: 2, price: 125, heightCm: 4, lengthCm: 30, widthCm: 20, weightKg: 0.3 }],
}

export type ClientOverrides = Partial<ConstructorParameters<typeof FreightClient>[0]>

/** A client of `sandbox` with the token, a 2 s timeout and 4 connections, unless `overrides` say otherwise. */
export function sandboxClient(sandbox: Sandbox, logger: FreteLogger, overrides: ClientOverrides = {}): FreightClient {
  return new FreightClient({ url: sandbox.url, token: TOKEN, timeoutMs: 2000, connections: 4, logger, ...overrides })
}

/** What a spec against the sandbox works with; `client` may be replaced in a test by one of `newClient`'s. */
export interface SandboxClientTest {
  sandbox: Sandbox
  logger: ReturnType<typeof recordingLogger>
  client: FreightClient
  /** A client with the token and `overrides`; every client made in a test is closed after it. */
  newClient: (overrides?: ClientOverrides) => FreightClient
}

/**
 * Registers a spec's hooks against the sandbox: one sandbox (with the token) and one recording
 * logger for the file; before each test the sandbox reset and a new `client`; after it, every
 * client the test made closed; the sandbox closed after the file.
 */
export function sandboxClientTest(): SandboxClientTest {
  const made: FreightClient[] = []
  const test = {
    newClient: (overrides: ClientOverrides = {}) => {
      const client = sandboxClient(test.sandbox, test.logger, overrides)
      made.push(client)
      return client
    },
  } as SandboxClientTest
  beforeAll(async () => {
    test.sandbox = await createSandbox({ freightToken: TOKEN })
    test.logger = recordingLogger()
  })
  beforeEach(() => {
    test.sandbox.reset()
    test.client = test.newClient()
  })
  afterEach(async () => {
    await Promise.all(made.splice(0).map((client) => client.close()))
  })
  afterAll(async () => {
    await test.sandbox?.close()
  })
  return test
}
