import type { FreteLogger } from "../logger"

/** A logger that keeps every line, so tests can read what would have been logged. */
export function recordingLogger(): FreteLogger & { lines: string[] } {
  const lines: string[] = []
  const record = (level: string) => (message: string) => {
    lines.push(`${level} ${message}`)
  }
  return { lines, debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") }
}
