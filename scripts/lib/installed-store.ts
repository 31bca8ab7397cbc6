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

/** Builds this plugin and packs it into `destination`, as `npm publish` would; the tarball's path. */
export function packPlugin(destination: string): string {
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "pipe" })
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", destination], { cwd: ROOT, encoding: "utf8" })
  return path.join(destination, packed.trim().split("\n").pop() as string)
}
