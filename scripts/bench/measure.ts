// Small helpers of the bench: timing, medians and percentiles, a process group's memory.
import { execFileSync } from "node:child_process"

export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = process.hrtime.bigint()
  const result = await run()
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, result }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

export const median = (values: number[]) => percentile(values, 50)

/** Resident memory, in MiB, of every process of a process group (the Medusa server and its parents). */
export function groupRssMiB(pgid: number): number {
  const out = execFileSync("ps", ["-o", "rss=", "-g", String(pgid)], { encoding: "utf8" })
  return out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024
}

/** Distinct CEPs inside São Paulo's range of the sandbox's postal base. */
export function distinctCeps(count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, index) => String(10_000_000 + (offset + index) * 4567).padStart(8, "0"))
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits))
