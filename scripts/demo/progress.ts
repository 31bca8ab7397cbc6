// What the demo prints: a line per step with its time, tables, and errors as sentences.

/** An error the demo explains in a sentence, with what to do about it; no stack. */
export class DemoError extends Error {}

let progress: NodeJS.WritableStream = process.stdout

/** Where step lines go: stdout for the demo; stderr for `npm run bench -- --json`, whose stdout is the JSON. */
export function writeProgressTo(stream: NodeJS.WritableStream): void {
  progress = stream
}

export async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now()
  progress.write(`… ${label}\n`)
  try {
    const result = await run()
    progress.write(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
    return result
  } catch (error) {
    progress.write(`✖ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
    throw error
  }
}

export function table(rows: Array<Record<string, string>>): string {
  if (!rows.length) return "  (none)"
  const columns = Object.keys(rows[0])
  const width = (column: string) => Math.max(column.length, ...rows.map((row) => row[column].length))
  const line = (cells: Record<string, string>) =>
    "  " + columns.map((column) => cells[column].padEnd(width(column))).join("  ")
  const header = Object.fromEntries(columns.map((column) => [column, column]))
  const rule = Object.fromEntries(columns.map((column) => [column, "-".repeat(width(column))]))
  return [line(header), line(rule), ...rows.map(line)].join("\n")
}

export const brl = (amount: number) =>
  `R$ ${amount
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`
export const days = (value: number | null) =>
  value === null
    ? "a confirmar"
    : value === 0
      ? "no mesmo dia"
      : `${value} dia${value === 1 ? "" : "s"} úteis`.replace("1 dia úteis", "1 dia útil")
