// Issue 29: the storefront kit as a package of its own, medusa-plugin-frete-storefront. Installed
// from its packed tarball into an empty storefront (React and React DOM, nothing else) with npm and
// with pnpm (auto-install-peers=true, as Medusa's dtc-starter sets it), it must add itself and not
// one package more: none of Medusa's, which the plugin's optional peers bring to a pnpm store.
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { run } from "../../scripts/demo/processes"
import { buildPlugin, npmPack } from "../../scripts/lib/installed-store"

const ROOT = path.resolve(__dirname, "..", "..")
const KIT = "medusa-plugin-frete-storefront"
/** pnpm from the repository's devDependencies (pnpm 10). */
const PNPM = path.join(ROOT, "node_modules", ".bin", "pnpm")
/** What a storefront has before the kit: React, as the dtc-starter's storefront has it. */
const STOREFRONT_DEPENDENCIES = { react: "^18.3.1", "react-dom": "^18.3.1" }

// Outside the clone, so that nothing resolves from its node_modules.
const work = fs.mkdtempSync(path.join(os.tmpdir(), "frete-storefront-package-"))
let tarball: string

/** Builds the kit (`npm run build` ends with it; once per test run) and packs its package into `destination`. */
function packStorefront(destination: string): string {
  buildPlugin()
  return npmPack("./storefront", destination)
}

/** The packages a lockfile records (names, sorted, once each), the project itself left out. */
function lockedPackages(dir: string, manager: "npm" | "pnpm"): string[] {
  const names =
    manager === "npm"
      ? Object.keys(JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages)
          .filter((key) => key !== "")
          .map((key) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length))
      : pnpmLockPackages(fs.readFileSync(path.join(dir, "pnpm-lock.yaml"), "utf8"))
  return [...new Set(names)].sort()
}

/** pnpm-lock.yaml (lockfile v9): the keys of its top-level `packages:` map, `name@version` or `'@scope/name@version'`. */
function pnpmLockPackages(lockfile: string): string[] {
  const names: string[] = []
  let inPackages = false
  for (const line of lockfile.split("\n")) {
    if (/^\S/.test(line)) inPackages = line.trim() === "packages:"
    const key = inPackages ? /^ {2}'?([^'\s]+?)'?:\s*$/.exec(line) : null
    if (key) names.push(key[1].slice(0, key[1].indexOf("@", 1)))
  }
  return names
}

/** Runs a package manager in `dir`, its output kept in a log beside the project; fails with the log's tail. */
async function step(manager: "npm" | "pnpm", dir: string, args: string[], log: string): Promise<void> {
  const command = manager === "npm" ? "npm" : PNPM
  const store = path.join(work, "pnpm")
  const flags =
    manager === "npm"
      ? ["--no-audit", "--no-fund", "--prefer-offline"]
      : [
          "--prefer-offline",
          "--config.frozen-lockfile=false",
          "--store-dir",
          path.join(store, "store"),
          "--cache-dir",
          path.join(store, "cache"),
          `--config.state-dir=${path.join(store, "state")}`,
        ]
  await run(command, [...args, ...flags], { cwd: dir, env: process.env, log: path.join(work, `${log}.log`) }).catch(
    (error: Error) => {
      throw new Error(
        `${manager} ${args.join(" ")} failed in ${dir} (the npm registry must be reachable for React): ${error.message}`
      )
    }
  )
}

/** An empty storefront in a fresh folder: its lockfile's packages before, then after, it adds the kit's tarball. */
async function installKit(manager: "npm" | "pnpm"): Promise<{ dir: string; before: string[]; after: string[] }> {
  const dir = path.join(work, `storefront-${manager}`)
  fs.mkdirSync(dir)
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "storefront", private: true, dependencies: STOREFRONT_DEPENDENCIES }, null, 2)
  )
  if (manager === "pnpm") fs.writeFileSync(path.join(dir, ".npmrc"), "auto-install-peers=true\n")
  fs.copyFileSync(tarball, path.join(dir, path.basename(tarball)))
  await step(manager, dir, ["install"], `${manager}-base`)
  const before = lockedPackages(dir, manager)
  await step(manager, dir, [manager === "npm" ? "install" : "add", `./${path.basename(tarball)}`], `${manager}-kit`)
  return { dir, before, after: lockedPackages(dir, manager) }
}

/** Imports the installed kit by its name from the storefront's folder, with Node, as its server would. */
function useKit(dir: string): unknown[] {
  const script = `
    import { createRequire } from "node:module"
    import { readFileSync } from "node:fs"
    import { createElement } from "react"
    import { renderToStaticMarkup } from "react-dom/server"
    const kit = await import("${KIT}")
    const { FreteDeliveryOptionLabel } = await import("${KIT}/react")
    const facts = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", days: 4, delivery_estimate: "2026-11-26", is_fallback: false }
    const css = readFileSync(createRequire(process.cwd() + "/storefront.js").resolve("${KIT}/styles.css"), "utf8")
    console.log(JSON.stringify([kit.formatBRL(33.14), kit.isValidCep("01310-100"), kit.isValidCep("0131010"), kit.maskCep("01310100"),
      renderToStaticMarkup(createElement(FreteDeliveryOptionLabel, { name: "SEDEX", amount: 33.14, facts })),
      css.includes(".frete-calculator__input")]))`
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" })
  )
}

/**
 * Compiles, in the storefront's folder, a file that imports both entries' types, with the module
 * resolution of a bundler (Next.js) and with the older `node10` (through `typesVersions`). The
 * file's last line is wrong on purpose: the kit's shapes must reach the compiler, not be `any`.
 */
function typecheck(dir: string, resolution: "bundler" | "node10"): string {
  const file = path.join(dir, `typed-${resolution}.ts`)
  fs.writeFileSync(
    file,
    `import { formatBRL, type FreteFacts } from "${KIT}"
import type { FreteCepCalculatorProps } from "${KIT}/react"
export const facts: FreteFacts = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", days: 4, delivery_estimate: "2026-11-26", is_fallback: false }
export const price: string = formatBRL(33.14)
export type Client = FreteCepCalculatorProps["client"]
export const wrong: FreteFacts = { service: 1 }\n`
  )
  const flags = [
    "--noEmit",
    "--strict",
    "--skipLibCheck",
    "--module",
    "esnext",
    "--moduleResolution",
    resolution,
    "--target",
    "es2020",
    "--lib",
    "es2020,dom",
  ]
  try {
    return execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), ...flags, file], {
      cwd: dir,
      encoding: "utf8",
    })
  } catch (error) {
    return String((error as { stdout?: string }).stdout)
  }
}

beforeAll(() => {
  // A missing pnpm is a broken checkout, not a reason to skip.
  if (!fs.existsSync(PNPM))
    throw new Error(`pnpm is missing from ${PNPM}: run \`npm install\` in ${ROOT} (pnpm is one of its devDependencies)`)
  tarball = packStorefront(work)
}, 300_000)

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
})

it("packs the built kit alone: both entries with their types and the stylesheet, no dependency, React an optional peer", () => {
  const listing = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n")
  const top = listing.filter((file) => !file.startsWith("package/dist/types/")).sort()
  expect(top).toEqual([
    "package/dist/index.d.ts",
    "package/dist/index.mjs",
    "package/dist/react.d.ts",
    "package/dist/react.mjs",
    "package/dist/styles.css",
    "package/package.json",
  ])
  // What the kit shares with the server (src/lib) is inlined in index.mjs; only its types travel.
  expect(listing.filter((file) => file.startsWith("package/dist/types/src/"))).toContain(
    "package/dist/types/src/lib/checkout/storefront-contract.d.ts"
  )
  expect(listing.filter((file) => file.startsWith("package/dist/types/") && !file.endsWith(".d.ts"))).toEqual([])
  const core = execFileSync("tar", ["-xzOf", tarball, "package/dist/index.mjs"], { encoding: "utf8" })
  expect(core.match(/^import\s.*$/gm) ?? []).toEqual([])
  const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }))
  expect({
    name: manifest.name,
    dependencies: manifest.dependencies,
    peers: manifest.peerDependencies,
    meta: manifest.peerDependenciesMeta,
  }).toEqual({
    name: KIT,
    dependencies: undefined,
    peers: { react: ">=18" },
    meta: { react: { optional: true } },
  })
  const react = execFileSync("tar", ["-xzOf", tarball, "package/dist/react.mjs"], { encoding: "utf8" })
  expect(react.slice(0, '"use client";'.length)).toBe('"use client";')
  // What the React entry imports: React, and the core entry beside it (loaded once by a page using both).
  const imported = [...react.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((match) => match[1])
  expect([...new Set(imported)].sort()).toEqual(["./index.mjs", "react", "react/jsx-runtime"])
})

it.each(["npm", "pnpm"] as const)(
  "installs with %s into an empty storefront as itself and nothing else, then works by its name",
  async (manager) => {
    const { dir, before, after } = await installKit(manager)
    expect(before).toEqual(expect.arrayContaining(["react", "react-dom"]))
    expect(after.filter((name) => !before.includes(name))).toEqual([KIT])
    expect(before.filter((name) => !after.includes(name))).toEqual([])
    expect(after.filter((name) => name.startsWith("@medusajs/"))).toEqual([])
    expect(fs.readdirSync(path.join(dir, "node_modules", KIT)).sort()).toEqual(["dist", "package.json"])

    const [price, valid, invalid, masked, label, styles] = useKit(dir)
    expect([price, valid, invalid, masked, styles]).toEqual(["R$ 33,14", true, false, "01310-100", true])
    expect(label).toContain('<span class="frete-option__price">R$ 33,14</span>')
    for (const resolution of ["bundler", "node10"] as const) {
      const errors = typecheck(dir, resolution)
        .trim()
        .split("\n")
        .map((line) => line.slice(line.indexOf("typed-")))
      expect(errors).toEqual([
        expect.stringMatching(
          new RegExp(
            `^typed-${resolution}\\.ts\\(6,\\d+\\): error TS2322: Type 'number' is not assignable to type 'string'\\.$`
          )
        ),
      ])
    }
  },
  300_000
)
