// The shape of the shipped code: no file imports a file that imports it back (directly or through
// others), and no file is over 300 lines. Read from the sources' relative imports, type-only ones
// included (a type cycle is still two files that must change together). The rest of the project's
// code (tests, fixtures, the sandbox, the scripts) keeps to 400 lines: the 300 it kept when lines
// were laid out by hand, once prettier lays them out (a third more lines, the same code).
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")
const SHIPPED = ["src", "storefront"]
const MAX_LINES = 300
const PROJECT_MAX_LINES = 400
const EXTENSIONS = [".ts", ".tsx"]
/** The project's other code: what tests, fixtures, the sandbox and the scripts are written in. */
const PROJECT = ["src", "storefront", "sandbox", "scripts", "integration-tests", "test-support"]
const PROJECT_EXTENSIONS = [...EXTENSIONS, ".js", ".mjs", ".cjs"]

function sourceFiles(
  dir: string,
  skipped = ["__tests__", "dist", "node_modules", "migrations"],
  extensions = EXTENSIONS
): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      return skipped.includes(entry.name) ? [] : sourceFiles(full, skipped, extensions)
    }
    return extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

const longerThan = (max: number, files: string[]) =>
  files
    .map((file) => ({ file: path.relative(ROOT, file), lines: fs.readFileSync(file, "utf8").split("\n").length }))
    .filter(({ lines }) => lines > max)

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, "index" + ext)),
  ]
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile())
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8")
  const specifiers = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/g)].map(
    (match) => match[1]
  )
  return specifiers
    .map((specifier) => resolveImport(file, specifier))
    .filter((target): target is string => target !== undefined)
}

/** The strongly connected components of more than one file (Tarjan), as repository paths. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(path.relative(ROOT, member))
      } while (member !== node)
      if (component.length > 1) {
        found.push(component.sort())
      }
    }
  }
  for (const node of graph.keys()) {
    if (!index.has(node)) {
      visit(node)
    }
  }
  return found
}

describe("the shipped code's structure", () => {
  const files = SHIPPED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))

  it("reads the sources it judges", () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it("has no circle of imports", () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
    expect(circles(graph)).toEqual([])
  })

  it(`has no file over ${MAX_LINES} lines`, () => {
    expect(longerThan(MAX_LINES, files)).toEqual([])
  })
})

describe("the project's other code", () => {
  const files = PROJECT.flatMap((dir) =>
    sourceFiles(path.join(ROOT, dir), ["dist", "node_modules", "migrations"], PROJECT_EXTENSIONS)
  )

  it(`has no file over ${PROJECT_MAX_LINES} lines, tests included`, () => {
    expect(files.filter((file) => file.includes(`${path.sep}__tests__${path.sep}`)).length).toBeGreaterThan(100)
    expect(longerThan(PROJECT_MAX_LINES, files)).toEqual([])
  })
})
