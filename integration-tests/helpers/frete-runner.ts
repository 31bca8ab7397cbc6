import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { FreteOptionsInput } from "../../medusa-plugin.config"
import { createSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/server"
import { capturedLines, recordCalls, rememberSecret } from "../../test-support/log-guard"

const LOG_GUARD_CANARY = "frete log guard: recording the Medusa logger"

type RunnerOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

export interface FreteTestContext extends RunnerOptions {
  /** The sandbox of the two services this file's Medusa app talks to. */
  sandbox: () => Sandbox
}

interface FreteRunnerConfig {
  sandbox?: SandboxOptions
  /** The plugin's options, as a store would put them on its plugin entry (URLs and secrets aside). */
  pluginOptions?: FreteOptionsInput
  /** Extra environment for the app; FRETE_* point at the sandbox unless given here. */
  env?: Record<string, string>
  testSuite: (context: FreteTestContext) => void
}

/**
 * medusaIntegrationTestRunner with the sandbox started first (on a free port) and the app's
 * FRETE_* variables pointing at it. They go straight to process.env: the runner loads
 * medusa-config.ts before it applies its own `env`. The sandbox outlives the app.
 */
export function freteIntegrationTestRunner({ sandbox: sandboxOptions, pluginOptions, env = {}, testSuite }: FreteRunnerConfig) {
  let sandbox: Sandbox | undefined
  const saved = { ...process.env }

  beforeAll(async () => {
    sandbox = await createSandbox(sandboxOptions)
    Object.assign(process.env, {
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: sandboxOptions?.freightToken ?? "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: sandboxOptions?.trackingCredential ?? "sandbox-tracking-credential",
      FRETE_PLUGIN_OPTIONS_JSON: pluginOptions ? JSON.stringify(pluginOptions) : "",
      ...env,
    })
    rememberSecret(process.env.FRETE_FREIGHT_TOKEN, process.env.FRETE_TRACKING_CREDENTIAL, process.env.FRETE_ENCRYPTION_KEY)
  })

  afterAll(async () => {
    process.env = saved
    await sandbox?.close()
  })

  medusaIntegrationTestRunner({
    testSuite: (options) => {
      // Every call of the app's logger, at any level (LOG_LEVEL only hides them), goes to the log
      // guard, which fails the file if one carries a secret or a full CPF.
      beforeAll(() => {
        const logger = options.getContainer().resolve("logger") as object
        recordCalls(logger, ["debug", "info", "warn", "error", "log", "panic", "activity", "progress", "success", "failure"])
        ;(logger as { info: (message: string) => void }).info(LOG_GUARD_CANARY)
        if (!capturedLines().includes(LOG_GUARD_CANARY)) {
          throw new Error("The log guard does not see the Medusa logger's lines")
        }
      })
      testSuite({
        ...options,
        sandbox: () => {
          if (!sandbox) {
            throw new Error("The sandbox is not started yet: use it inside a test or a hook")
          }
          return sandbox
        },
      })
    },
  })
}
