/** The sandbox's settings that can change while it runs, their defaults and their validation. */
import { z } from "zod"
import type { SandboxConfig, SandboxConfigPatch, SandboxOptions } from "./types"

export const DEFAULT_FREIGHT_TOKEN = "sandbox-freight-token"
export const DEFAULT_TRACKING_CREDENTIAL = "sandbox-tracking-credential"

const DEFAULT_CONFIG: SandboxConfig = {
  freightToken: DEFAULT_FREIGHT_TOKEN,
  trackingCredential: DEFAULT_TRACKING_CREDENTIAL,
  queryLimit: null,
  latencyMs: 0,
  auction: false,
}

const configPatchSchema = z.strictObject({
  freightToken: z.string().min(1).optional(),
  trackingCredential: z.string().min(1).optional(),
  queryLimit: z.number().int().nonnegative().nullable().optional(),
  latencyMs: z.number().int().nonnegative().optional(),
  auction: z.boolean().optional(),
})

/** Validates a patch from a typed caller or the control API; throws a readable error. */
export function parseConfigPatch(input: unknown): SandboxConfigPatch {
  const result = configPatchSchema.safeParse(input)
  if (!result.success) {
    throw new Error(`Invalid sandbox config: ${z.prettifyError(result.error)}`)
  }
  return result.data
}

/** The config with the patch's defined members applied; undefined ones leave a setting alone. */
export function applyConfigPatch(config: SandboxConfig, input: unknown): SandboxConfig {
  const patch = parseConfigPatch(input)
  return {
    freightToken: patch.freightToken ?? config.freightToken,
    trackingCredential: patch.trackingCredential ?? config.trackingCredential,
    queryLimit: patch.queryLimit === undefined ? config.queryLimit : patch.queryLimit,
    latencyMs: patch.latencyMs ?? config.latencyMs,
    auction: patch.auction ?? config.auction,
  }
}

export function initialConfig(options: SandboxOptions): SandboxConfig {
  const { freightToken, trackingCredential, queryLimit, latencyMs, auction } = options
  return applyConfigPatch(DEFAULT_CONFIG, { freightToken, trackingCredential, queryLimit, latencyMs, auction })
}
