/**
 * The log guard of the test suite: every test file, unit or integration, records what reaches
 * the console, stdout, stderr and the Medusa logger, and fails if any of it carries a secret the
 * tests use, an unredacted `token=` parameter or Basic credential, or a full CPF.
 */
import { isValidCpf } from "../src/lib/brazil/cpf"
import { DEFAULT_FREIGHT_TOKEN, DEFAULT_TRACKING_CREDENTIAL } from "../sandbox/config"

interface GuardState {
  secrets: Set<string>
  captured: string[]
}

const STATE_KEY = Symbol.for("medusa-plugin-frete.log-guard")

/** One state per test file: setup files, the runner and the specs may load this module apart. */
function state(): GuardState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: GuardState }
  holder[STATE_KEY] ??= { secrets: new Set([DEFAULT_FREIGHT_TOKEN, DEFAULT_TRACKING_CREDENTIAL]), captured: [] }
  return holder[STATE_KEY]
}

/** A secret the code under test knows; it must appear in no captured line, raw or encoded. */
export function rememberSecret(...secrets: Array<string | undefined | null>): void {
  for (const secret of secrets) {
    if (!secret || secret.length < 6) continue
    state().secrets.add(secret)
    // A Basic credential is the base64 of "user:password": the password alone is a secret too.
    const decoded = Buffer.from(secret, "base64").toString("utf8")
    if (Buffer.from(decoded, "utf8").toString("base64") === secret && /^[\x20-\x7e]+:[\x20-\x7e]{6,}$/.test(decoded)) {
      state().secrets.add(decoded)
      state().secrets.add(decoded.slice(decoded.indexOf(":") + 1))
    }
  }
}

/** Keeps a line that was logged or printed. */
export function capture(text: string): void {
  state().captured.push(text)
}

export function capturedLines(): readonly string[] {
  return state().captured
}

export interface Leak {
  kind: "secret" | "token parameter" | "basic credential" | "cpf"
  /** The leak, masked, for the failure message. */
  excerpt: string
}

const mask = (value: string) =>
  value.length <= 4 ? "****" : `${value.slice(0, 2)}…${value.slice(-2)} (${value.length} chars)`
const TOKEN_PARAM = /[?&]token=([^&#\s"']+)/gi
const BASIC = /\bBasic\s+([A-Za-z0-9+/=._~:-]{6,})/g
const CPF_LIKE = /(?<![0-9A-Za-z])(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![0-9A-Za-z])/g

/** What in `text` should never have been logged. */
export function findLeaks(text: string, secrets: Iterable<string> = state().secrets): Leak[] {
  const leaks: Leak[] = []
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      if (text.includes(form)) leaks.push({ kind: "secret", excerpt: mask(form) })
    }
  }
  for (const [, value] of text.matchAll(TOKEN_PARAM)) {
    if (!value.startsWith("[REDACTED]") && !value.startsWith("%5BREDACTED%5D"))
      leaks.push({ kind: "token parameter", excerpt: mask(value) })
  }
  for (const [, value] of text.matchAll(BASIC)) {
    leaks.push({ kind: "basic credential", excerpt: mask(value) })
  }
  for (const [, value] of text.matchAll(CPF_LIKE)) {
    if (isValidCpf(value.replace(/\D/g, "")))
      leaks.push({ kind: "cpf", excerpt: `***.${value.replace(/\D/g, "").slice(3, 9)}-**` })
  }
  return leaks
}

/** Throws when any captured line leaks, naming the kinds and masked excerpts, never the values. */
export function assertNoLeaks(): void {
  const leaks = capturedLines().flatMap((line) => findLeaks(line))
  if (leaks.length) {
    const listed = [...new Set(leaks.map((leak) => `${leak.kind}: ${leak.excerpt}`))].join("; ")
    throw new Error(`The logs of this test file carry what they must not (${leaks.length} times): ${listed}`)
  }
}

function text(args: unknown[]): string {
  return args
    .map((arg) =>
      arg instanceof Error ? `${arg.message}\n${arg.stack ?? ""}` : typeof arg === "string" ? arg : safeJson(arg)
    )
    .join(" ")
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/**
 * knex's warning for each pooled connection that Medusa's test runner ends when it restores a
 * test's database from its template, before every test: dozens per test, harmless, and enough to
 * bury a failing test's lines in a CI log's excerpt. Recorded (the guard still reads it), counted,
 * and not printed; `quietedLines()` says how many.
 */
const QUIET = /^Connection Error: (Error: )?Connection (ended unexpectedly|terminated)/
let quieted = 0

export function quietedLines(): number {
  return quieted
}

/** Records every call of the given methods of `target`, then lets it through (a quiet line is recorded only). */
export function recordCalls(target: object, methods: readonly string[]): void {
  const record = target as Record<string, unknown>
  for (const method of methods) {
    const original = record[method]
    if (typeof original !== "function" || (original as { __logGuard?: true }).__logGuard) continue
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const line = text(args)
      capture(line)
      if (QUIET.test(line)) {
        quieted++
        return undefined
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args)
    }
    ;(wrapped as { __logGuard?: true }).__logGuard = true
    record[method] = wrapped
  }
}

/** Records what this process prints: console, stdout and stderr. */
export function recordOutput(): void {
  recordCalls(console, ["log", "info", "warn", "error", "debug", "trace"])
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write
    if ((original as { __logGuard?: true }).__logGuard) continue
    const wrapped = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      capture(typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk))
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest)
    }
    ;(wrapped as { __logGuard?: true }).__logGuard = true
    stream.write = wrapped as typeof stream.write
  }
}
