import fs from "node:fs"
import path from "node:path"

/**
 * The oldest Medusa the plugin declares: the lower bound of its `@medusajs/medusa` peer range
 * (`>=2.14.0 <3` gives 2.14.0). MEDUSA_COMPAT_VERSION tries another one (to bisect a new bound).
 */
export function oldestSupportedMedusa(): string {
  if (process.env.MEDUSA_COMPAT_VERSION) {
    return process.env.MEDUSA_COMPAT_VERSION
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"))
  const range: string = manifest.peerDependencies["@medusajs/medusa"]
  const lower = /^>=(\d+\.\d+\.\d+) <\d+$/.exec(range)
  if (!lower) {
    throw new Error(
      `package.json's @medusajs/medusa peer range "${range}" is not ">=X.Y.Z <N": the oldest-version test cannot tell its lower bound`
    )
  }
  return lower[1]
}
