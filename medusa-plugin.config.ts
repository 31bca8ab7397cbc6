// The one declaration of the plugin's options: no other file re-declares one.
import { z } from "zod"

/** No query string, fragment or user info: a credential in a URL would end up in logs. */
export function isServiceUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    )
  } catch {
    return false
  }
}

export function normalizeServiceUrl(value: string): string {
  return value.replace(/\/+$/, "")
}

const PLUGIN_NAME = "medusa-plugin-frete"

/** Read for an option that the plugin entry leaves out. */
const FRETE_ENV = {
  freightUrl: "FRETE_FREIGHT_URL",
  freightToken: "FRETE_FREIGHT_TOKEN",
  trackingUrl: "FRETE_TRACKING_URL",
  trackingCredential: "FRETE_TRACKING_CREDENTIAL",
  encryptionKey: "FRETE_ENCRYPTION_KEY",
  previousEncryptionKeys: "FRETE_PREVIOUS_ENCRYPTION_KEYS",
} as const

const serviceUrl = z
  .string()
  .trim()
  .refine(isServiceUrl, "must be an http(s) URL without query string, fragment or user info")
  .transform(normalizeServiceUrl)

const secret = z.string().trim().min(1, "must not be empty")
const encryptionKey = z.string().min(32, "must be at least 32 characters long")

const timeoutMs = (fallback: number) => z.number().int().min(100).max(120_000).default(fallback)
const connections = (fallback: number) => z.number().int().min(1).max(256).default(fallback)

// A group left out is read as `{}` (`.prefault({})`), which its fields' defaults then fill.
const freteOptionsSchema = z
  .object({
    freight: z
      .object({
        /** Base URL of the freight quote API; the plugin calls `{url}/v2/consulta`. */
        url: serviceUrl.optional(),
        /** Access token of the freight quote API, sent as the `token` query parameter. */
        token: secret.optional(),
        /** Deadline of one quote call, retry included; checkout never waits longer. */
        timeoutMs: timeoutMs(2500),
        /** Most sockets open to the freight API per Medusa process: 64 sends a burst of new quotes (30 against a 1.3 s API) out at once, within timeoutMs, where 16 queued about half of them past it. */
        connections: connections(64),
        /** The answers kept per Medusa process, by query. */
        cache: z
          .object({
            /** Off: every price asks the freight API (no cache, no single flight). For measuring only. */
            enabled: z.boolean().default(true),
            /** How long an answer is used without asking again. */
            successTtlMs: z.number().int().min(1).max(86_400_000).default(600_000),
            /** How long a failure is remembered: no new call for that query meanwhile. */
            failureTtlMs: z.number().int().min(1).max(3_600_000).default(30_000),
            /** How long an answer may still be used, past its freshness, when the API fails. */
            staleTtlMs: z
              .number()
              .int()
              .min(0)
              .max(7 * 86_400_000)
              .default(21_600_000),
            /** Most queries kept; the least recently used go first. */
            maxEntries: z.number().int().min(1).max(1_000_000).default(10_000),
          })
          .prefault({}),
        /** Stops calling the freight API for a while after it failed several times in a row. */
        circuitBreaker: z
          .object({
            /** Off: every query that misses the cache calls the API, however it is failing. */
            enabled: z.boolean().default(true),
            /** Failures in a row (timeouts, refused connections, 5xx, 429, unreadable answers) that open the circuit. */
            failureThreshold: z.number().int().min(1).max(1000).default(5),
            /** How long the open circuit keeps checkout off the API before one trial call. */
            openMs: z.number().int().min(100).max(3_600_000).default(30_000),
          })
          .prefault({}),
      })
      .prefault({}),
    tracking: z
      .object({
        /** Base URL of the tracking API; the plugin calls `{url}/v1/tracking`. */
        url: serviceUrl.optional(),
        /** Basic credential of the tracking API, sent as `Authorization: Basic <credential>`. */
        credential: secret.optional(),
        /** Deadline of one tracking call; failed deliveries are retried later from the database. */
        timeoutMs: timeoutMs(10_000),
        /** Most sockets kept open to the tracking API by one Medusa process. */
        connections: connections(4),
        /** How a tracking order that could not be delivered is retried. */
        retry: z
          .object({
            /** Wait before the second attempt; doubled at each attempt after it (with ±20% jitter). */
            baseDelayMs: z.number().int().min(10).max(3_600_000).default(30_000),
            /** The longest wait between two attempts. */
            maxDelayMs: z.number().int().min(10).max(86_400_000).default(3_600_000),
            /** After this long since the shipment, a tracking order still not delivered is `failed`. */
            giveUpAfterMs: z
              .number()
              .int()
              .min(1000)
              .max(30 * 86_400_000)
              .default(86_400_000),
          })
          .prefault({}),
      })
      .prefault({}),
    units: z
      .object({
        /** Unit of the store's variant and product weights; the freight API is sent kilograms. */
        weight: z.enum(["g", "kg"]).default("g"),
        /** Unit of the store's variant lengths, widths and heights; the freight API is sent centimetres. */
        dimension: z.enum(["cm", "mm", "m"]).default("cm"),
      })
      .prefault({}),
    /** How often each Medusa instance reads the settings saved in the admin again, in ms. */
    settingsRefreshMs: z.number().int().min(0).max(600_000).default(2000),
    /** Key that encrypts secrets saved from the admin (AES-256-GCM); at least 32 characters. */
    encryptionKey: encryptionKey.optional(),
    /** Keys `encryptionKey` replaced: secrets sealed with one are read, then sealed again under `encryptionKey`. */
    previousEncryptionKeys: z.array(encryptionKey).max(10, "must list at most 10 keys").default([]),
  })
  .refine((options) => !options.previousEncryptionKeys.length || Boolean(options.encryptionKey), {
    path: ["previousEncryptionKeys"],
    message: "needs encryptionKey, the key their secrets are sealed again under",
  })

export type FreteOptions = z.output<typeof freteOptionsSchema>
export type FreteOptionsInput = z.input<typeof freteOptionsSchema>

type Env = Record<string, string | undefined>

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** An empty or missing option falls back to its environment variable. */
function pick(given: unknown, env: Env, name: string): unknown {
  return given === undefined || given === null || given === "" ? env[name]?.trim() || undefined : given
}

/** FRETE_PREVIOUS_ENCRYPTION_KEYS, or the option given as that variable's text: comma-separated. */
function keyList(value: unknown): unknown {
  return typeof value === "string"
    ? value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean)
    : value
}

export class FreteOptionsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "FreteOptionsError"
  }
}

/** The error names the offending option, never its value: some are secrets. */
export function parseFreteOptions(raw: unknown, env: Env = process.env): FreteOptions {
  const given = asRecord(raw)
  const freight = asRecord(given.freight)
  const tracking = asRecord(given.tracking)
  const merged = {
    ...given,
    freight: {
      ...freight,
      url: pick(freight.url, env, FRETE_ENV.freightUrl),
      token: pick(freight.token, env, FRETE_ENV.freightToken),
    },
    tracking: {
      ...tracking,
      url: pick(tracking.url, env, FRETE_ENV.trackingUrl),
      credential: pick(tracking.credential, env, FRETE_ENV.trackingCredential),
    },
    encryptionKey: pick(given.encryptionKey, env, FRETE_ENV.encryptionKey),
    previousEncryptionKeys: keyList(pick(given.previousEncryptionKeys, env, FRETE_ENV.previousEncryptionKeys)),
  }
  const result = freteOptionsSchema.safeParse(merged)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "options"} ${issue.message}`)
    throw new FreteOptionsError(`${PLUGIN_NAME}: invalid options: ${problems.join("; ")}`)
  }
  return result.data
}
