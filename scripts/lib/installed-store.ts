import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..", "..")

/**
 * A store folder inside the clone (so that Medusa and the plugin's dependencies resolve from the
 * clone's node_modules) with this plugin built, packed and unpacked into its node_modules, as
 * `npm install medusa-plugin-frete` would leave it, and the given medusa-config.ts.
 */
export function createInstalledStore(name: string, medusaConfig: string): string {
  const store = path.join(ROOT, ".cache", name)
  fs.rmSync(store, { recursive: true, force: true })
  const target = path.join(store, "node_modules", "medusa-plugin-frete")
  fs.mkdirSync(target, { recursive: true })

  const tarball = packPlugin(store)
  execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"])

  fs.writeFileSync(path.join(store, "package.json"), JSON.stringify({ name: `${name}-store`, private: true }))
  fs.writeFileSync(path.join(store, "medusa-config.ts"), medusaConfig)
  return store
}

/** What a test run (FRETE_TEST_RUN, from lanes.mjs or jest's global setup) keeps of its build: null outside a test run. */
const runBuild = () =>
  process.env.FRETE_TEST_RUN ? path.join(ROOT, ".cache", `packed-${process.env.FRETE_TEST_RUN}`) : null

/**
 * `npm run build`: the plugin into .medusa/, then the storefront kit (also into storefront/dist).
 * Within one test run, once: the build reads only the clone, which a run does not change, so the
 * package files after the first find it made.
 */
export function buildPlugin(): void {
  const kept = runBuild()
  if (kept && fs.existsSync(path.join(kept, "built"))) return
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "pipe" })
  if (kept) {
    fs.mkdirSync(kept, { recursive: true })
    fs.writeFileSync(path.join(kept, "built"), "")
  }
}

/**
 * Builds this plugin and packs it into `destination`, as `npm publish` would; the tarball's path.
 * Within one test run, packed once too: the next calls copy the first tarball.
 */
export function packPlugin(destination: string): string {
  const kept = runBuild()
  const packed = kept && fs.existsSync(kept) ? fs.readdirSync(kept).find((file) => file.endsWith(".tgz")) : undefined
  if (kept && packed) {
    fs.copyFileSync(path.join(kept, packed), path.join(destination, packed))
    return path.join(destination, packed)
  }
  buildPlugin()
  const tarball = npmPack(".", destination)
  if (kept) fs.copyFileSync(tarball, path.join(kept, path.basename(tarball)))
  return tarball
}

/** `npm pack` of a package of this clone (`.`, the plugin; `./storefront`, the kit) into `destination`; the tarball's path. */
export function npmPack(packageDir: string, destination: string): string {
  const output = execFileSync("npm", ["pack", packageDir, "--silent", "--pack-destination", destination], {
    cwd: ROOT,
    encoding: "utf8",
  })
  return path.join(destination, output.trim().split("\n").pop() as string)
}
