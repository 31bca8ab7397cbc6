import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/server"

type RunnerOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

export interface FreteTestContext extends RunnerOptions {
  /** The sandbox of the two services this file's Medusa app talks to. */
  sandbox: () => Sandbox
}

interface FreteRunnerConfig {
  sandbox?: SandboxOptions
  /** Extra environment for the app; FRETE_* point at the sandbox unless given here. */
  env?: Record<string, string>
  testSuite: (context: FreteTestContext) => void
}

/**
 * medusaIntegrationTestRunner with the sandbox started first (on a free port) and the app's
 * FRETE_* variables pointing at it. The sandbox outlives the app: Medusa's cleanup runs first.
 */
export function freteIntegrationTestRunner({ sandbox: sandboxOptions, env: extraEnv = {}, testSuite }: FreteRunnerConfig) {
  let sandbox: Sandbox | undefined
  const env: Record<string, string> = {}

  beforeAll(async () => {
    sandbox = await createSandbox(sandboxOptions)
    Object.assign(
      env,
      {
        FRETE_FREIGHT_URL: sandbox.url,
        FRETE_FREIGHT_TOKEN: sandboxOptions?.freightToken ?? "sandbox-freight-token",
        FRETE_TRACKING_URL: sandbox.url,
        FRETE_TRACKING_CREDENTIAL: sandboxOptions?.trackingCredential ?? "sandbox-tracking-credential",
      },
      extraEnv
    )
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  medusaIntegrationTestRunner({
    env,
    testSuite: (options) =>
      testSuite({
        ...options,
        sandbox: () => {
          if (!sandbox) {
            throw new Error("The sandbox is not started yet: use it inside a test or a hook")
          }
          return sandbox
        },
      }),
  })
}
