import { capture } from "../../../test-support/log-guard"
import type { FreteLogger } from "../utils/logger"

/** A logger that keeps every line, so tests can read what would have been logged; the log guard reads them too. */
export function recordingLogger(): FreteLogger & { lines: string[] } {
  const lines: string[] = []
  const record = (level: string) => (message: string) => {
    lines.push(`${level} ${message}`)
    capture(`${level} ${message}`)
  }
  return { lines, debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") }
}
