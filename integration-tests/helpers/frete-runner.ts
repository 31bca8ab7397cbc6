import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { randomUUID } from "node:crypto"
import type { FreteOptionsInput } from "../../medusa-plugin.config"
import { createSandbox, type Sandbox, type SandboxConfigPatch, type SandboxOptions } from "../../sandbox/server"
import { mergeSettings } from "../../src/lib/settings/schema"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { capturedLines, recordCalls, rememberSecret } from "../../test-support/log-guard"
import { bootedTemplateName, copyBootedDatabase, dropDatabase, keepBootedDatabase } from "../setup/booted-database"

const LOG_GUARD_CANARY = "frete log guard: recording the Medusa logger"

type RunnerOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

export interface FreteTestContext extends RunnerOptions {
  /** The sandbox of the two services this file's Medusa app talks to. */
  sandbox: () => Sandbox
  /** The plugin options the app booted with. */
  pluginOptions?: FreteOptionsInput
}

/** What a spec file's `x.cases.ts` exports: it registers the file's hooks and tests against a booted app. */
export type FreteCases = (context: FreteTestContext) => void

/**
 * A file of a group with a configuration of its own, put in force before its first test as a
 * restart with it would, and taken back after its last: plugin options (over the app's, field
 * by field), FRETE_* variables (read again with the options), and what the sandbox expects (its
 * freight token and tracking credential, which are then the FRETE_* token and credential too,
 * unless `env` says otherwise).
 */
export interface FreteConfiguredCases {
  pluginOptions?: FreteOptionsInput
  /** FRETE_* variables, or what gives them before the file's first test (a port picked then, say). */
  env?: Record<string, string> | (() => Promise<Record<string, string>>)
  sandbox?: SandboxConfigPatch
  cases: FreteCases
}

/** A group's files by title (each a `describe`), in the order given. */
export type FreteCaseFiles = Record<string, FreteCases | FreteConfiguredCases>

/** A group's file as a configured one: a bare cases function has no configuration of its own. */
export function configuredCases(file: FreteCases | FreteConfiguredCases): FreteConfiguredCases {
  return typeof file === "function" ? { cases: file } : file
}

export interface FreteRunnerConfig {
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
export function freteIntegrationTestRunner({
  sandbox: sandboxOptions,
  pluginOptions,
  env = {},
  testSuite,
}: FreteRunnerConfig) {
  let sandbox: Sandbox | undefined
  const saved = { ...process.env }
  // The runner's own name for the database, made here so that it can start as a copy of a booted one.
  const dbName = `medusa-frete-${randomUUID().slice(0, 8)}-integration-${process.env.JEST_WORKER_ID ?? "1"}`
  const template = bootedTemplateName(env)
  let copied = false

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
    rememberSecret(
      process.env.FRETE_FREIGHT_TOKEN,
      process.env.FRETE_TRACKING_CREDENTIAL,
      process.env.FRETE_ENCRYPTION_KEY
    )
    copied = template ? await copyBootedDatabase(template, dbName) : false
  })

  afterAll(async () => {
    process.env = saved
    await sandbox?.close()
  })

  medusaIntegrationTestRunner({
    dbName,
    testSuite: (options) => {
      // The first app of its module set in this jest run leaves its booted database to the next ones.
      beforeAll(async () => {
        if (template && !copied) {
          await keepBootedDatabase(dbName, template)
        }
      })
      // Every call of the app's logger, at any level (LOG_LEVEL only hides them), goes to the log
      // guard, which fails the file if one carries a secret or a full CPF.
      beforeAll(() => {
        const logger = options.getContainer().resolve("logger") as object
        recordCalls(logger, [
          "debug",
          "info",
          "warn",
          "error",
          "log",
          "panic",
          "activity",
          "progress",
          "success",
          "failure",
        ])
        ;(logger as { info: (message: string) => void }).info(LOG_GUARD_CANARY)
        if (!capturedLines().includes(LOG_GUARD_CANARY)) {
          throw new Error("The log guard does not see the Medusa logger's lines")
        }
      })
      // A file makes its store once (`beforeAll`), and Medusa's runner restores it before every
      // test with the same ids: each test then starts with the plugin's in-process state as a
      // fresh process has it (no quote answer kept, the circuit closed, no quota lease, the
      // settings read again) and the sandbox's calls and faults forgotten, whatever the test
      // before left.
      beforeEach(() => {
        options.getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
        sandbox?.reset()
      })
      testSuite({
        ...options,
        pluginOptions,
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

/**
 * Several spec files' cases against one booted app (a group file calls this as its `testSuite`),
 * each in a `describe` of its own title, in the order given. The app and its sandbox are shared,
 * and a file whose plugin options, FRETE_* variables or sandbox differ from the app's gives them
 * (FreteConfiguredCases); files of another Medusa (MEDUSA_* variables, feature flags) cannot join.
 * Each file starts with the plugin's in-process state as a fresh process with its configuration
 * has it (no quote answer kept, the circuit closed, the settings read again:
 * `forgetInProcessState`) and the sandbox reset.
 *
 * Medusa's runner restores the database from a template before every test. Each file starts from
 * the booted app's database: when a file seeds in `beforeAll` (at the top of its cases function),
 * its database is first put back to the booted state, and the template is taken again after its
 * `beforeAll` hooks, so its tests start from its own seed; the next file gets the booted state.
 */
export function freteCaseGroup(files: FreteCaseFiles): FreteCases {
  return (context) => {
    const { dbUtils, dbConfig } = context
    const booted = `${dbConfig.dbName}-booted`
    // What the runner's template (restored before each test) holds now.
    let template: "booted" | "seeded" = "booted"

    beforeAll(async () => {
      await dbUtils.snapshot({ templateName: booted })
      await dbUtils.snapshot()
    })
    afterAll(() => dropDatabase(booted))

    for (const [title, file] of Object.entries(files)) {
      const configured = configuredCases(file)
      const { cases: register, sandbox: sandboxConfig } = configured
      // The file's options over the app's, field by field (the app's say what no file is about).
      const pluginOptions =
        context.pluginOptions && configured.pluginOptions
          ? (mergeSettings(context.pluginOptions, configured.pluginOptions) as FreteOptionsInput)
          : (configured.pluginOptions ?? context.pluginOptions)
      const saved: Record<string, string | undefined> = {}
      describe(title, () => {
        let seeds = false
        beforeAll(async () => {
          const env: Record<string, string> = {
            ...(sandboxConfig?.freightToken !== undefined ? { FRETE_FREIGHT_TOKEN: sandboxConfig.freightToken } : {}),
            ...(sandboxConfig?.trackingCredential !== undefined
              ? { FRETE_TRACKING_CREDENTIAL: sandboxConfig.trackingCredential }
              : {}),
            ...(typeof configured.env === "function" ? await configured.env() : configured.env),
          }
          for (const [name, value] of Object.entries(env)) {
            saved[name] = process.env[name]
            process.env[name] = value
          }
          rememberSecret(env.FRETE_FREIGHT_TOKEN, env.FRETE_TRACKING_CREDENTIAL, env.FRETE_ENCRYPTION_KEY)
          context
            .getContainer()
            .resolve<FreteModuleService>(FRETE_MODULE)
            .forgetInProcessState(pluginOptions ?? {})
          context.sandbox().reset()
          if (sandboxConfig) context.sandbox().configure(sandboxConfig)
          if (seeds || template === "seeded") {
            await dbUtils.restore({ templateName: booted })
          }
          if (!seeds && template === "seeded") {
            await dbUtils.snapshot()
            template = "booted"
          }
        })
        const hook = globalThis.beforeAll
        globalThis.beforeAll = ((fn: jest.ProvidesHookCallback, timeout?: number) => {
          seeds = true
          return hook(fn, timeout)
        }) as typeof beforeAll
        try {
          register({ ...context, pluginOptions })
        } finally {
          globalThis.beforeAll = hook
        }
        // After the file's own beforeAll hooks: its seed is what its tests start from.
        beforeAll(async () => {
          if (seeds) {
            await dbUtils.snapshot()
            template = "seeded"
          }
        })
        // The runner resets the sandbox before every test: this file's configuration again.
        if (sandboxConfig) beforeEach(() => context.sandbox().configure(sandboxConfig))
        afterAll(() => {
          for (const [name, value] of Object.entries(saved)) {
            if (value === undefined) delete process.env[name]
            else process.env[name] = value
          }
          context.sandbox().reset()
        })
      })
    }
  }
}
