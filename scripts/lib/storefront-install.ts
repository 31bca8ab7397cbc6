// A storefront's install of the packed plugin, as issue reports tried it: a folder with the
// storefront's own `@medusajs/js-sdk` and `@medusajs/icons` (at a 2.x that is not the plugin's
// devDependencies') and React 19, then `npm install <tarball>` or `pnpm add <tarball>`. The plugin's
// peers must accept it; the kit must then import by the package's name.
import fs from "node:fs"
import path from "node:path"
import { run, tail } from "../demo/processes"

/** Medusa's dtc-starter's storefront dependencies that meet the plugin's peers. */
export const STARTER_STOREFRONT_DEPENDENCIES = {
  "@medusajs/icons": "2.18.0",
  "@medusajs/js-sdk": "2.18.0",
  react: "19.0.5",
  "react-dom": "19.0.5",
}

/** pnpm as Medusa's starters use it, through npx (no global install). */
const PNPM = ["--yes", "pnpm@9"]

/**
 * Makes the storefront in `dir` (a fresh folder), installs its own dependencies, then the
 * plugin's tarball, with `manager`. Resolves to the package manager's output for the plugin's
 * install; fails with a sentence and the log's tail when an install fails (ERESOLVE, no registry).
 */
export async function installInStorefront(options: {
  dir: string
  manager: "npm" | "pnpm"
  tarball: string
  logs: string
}): Promise<string> {
  const { dir, manager } = options
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "storefront", private: true, dependencies: STARTER_STOREFRONT_DEPENDENCIES }, null, 2)
  )
  const tarball = `./${path.basename(options.tarball)}`
  fs.copyFileSync(options.tarball, path.join(dir, tarball))
  const npmInstall = ["install", "--no-audit", "--no-fund", "--prefer-offline"]
  const plan =
    manager === "npm"
      ? { command: "npm", install: npmInstall, add: npmInstall }
      : { command: "npx", install: [...PNPM, "install"], add: [...PNPM, "add"] }
  const step = async (args: string[], log: string) =>
    run(plan.command, args, { cwd: dir, env: process.env, log }).catch(() => {
      throw new Error(
        `${manager} failed in a storefront with @medusajs/js-sdk ${STARTER_STOREFRONT_DEPENDENCIES["@medusajs/js-sdk"]} (${args.join(" ")}; the npm registry must be reachable). Its log, ${log}:\n${tail(log, 30)}`
      )
    })
  await step(plan.install, path.join(options.logs, `storefront-${manager}-base.log`))
  return step([...plan.add, tarball], path.join(options.logs, `storefront-${manager}-plugin.log`))
}

/** The kit, imported by the package's name from the storefront: a price formatted as a shopper reads it. */
export async function formatWithKit(dir: string): Promise<string> {
  const script = `import { formatPrice } from "medusa-plugin-frete/storefront"; console.log(formatPrice(33.14))`
  const output = await run(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    env: process.env,
    log: path.join(dir, "kit.log"),
  })
  return output.trim()
}
