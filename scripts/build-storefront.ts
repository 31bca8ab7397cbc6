// `npm run build:storefront` (part of `npm run build`): the storefront kit as ES modules with types,
// in .medusa/storefront: index.mjs (no React), react.mjs ("use client"; React external), .d.ts
// files, and styles.css (the optional stylesheet, as written). The same files then go to
// storefront/dist, the build of the kit's own package, medusa-plugin-frete-storefront (its
// package.json is storefront/package.json): one build, two packages. Then its size, minified and
// gzipped, stylesheet included, against the budget: over it, the build fails.
import { execFileSync } from "node:child_process"
import { build, type Plugin } from "esbuild"
import fs from "node:fs"
import path from "node:path"
import { pathToFileURL } from "node:url"
import {
  measureStorefrontKit,
  STOREFRONT_DIR,
  STOREFRONT_ENTRIES,
  STOREFRONT_EXTERNALS,
  STOREFRONT_PACKAGE_OUT,
  STOREFRONT_PLUGIN_OUT,
  STOREFRONT_STYLES,
} from "./lib/storefront-size"

const OUT = STOREFRONT_PLUGIN_OUT

/**
 * The React entry imports the core entry as a sibling file, so a page that uses both loads it once:
 * any relative import, from storefront/react/ (or deeper), of a module directly in storefront/ (the
 * core's folder: `../cep`, `../format`, a new `../order`) becomes `./index.mjs`. The core entry
 * must export what the React entry takes from it; `checkReactEntryLinks` fails the build if not.
 */
const coreAsSibling: Plugin = {
  name: "core-as-sibling",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === "entry-point" || path.dirname(args.importer) === STOREFRONT_DIR) return undefined
      if (path.dirname(path.resolve(args.resolveDir, args.path)) !== STOREFRONT_DIR) return undefined
      return { path: "./index.mjs", external: true }
    })
  },
}

async function main(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true })
  const common = {
    bundle: true,
    format: "esm" as const,
    platform: "neutral" as const,
    target: "es2019",
    external: STOREFRONT_EXTERNALS,
    jsx: "automatic" as const,
    logLevel: "warning" as const,
  }
  await build({ ...common, entryPoints: [STOREFRONT_ENTRIES.index], outfile: path.join(OUT, "index.mjs") })
  await build({
    ...common,
    entryPoints: [STOREFRONT_ENTRIES.react],
    outfile: path.join(OUT, "react.mjs"),
    banner: { js: '"use client";' },
    plugins: [coreAsSibling],
  })
  checkReactEntryLinks(path.join(OUT, "react.mjs"))
  // The types keep the repository's layout from its root: the kit's under types/storefront, the
  // contract it shares with the server under types/src/lib/checkout, both inside the package.
  execFileSync(
    process.execPath,
    [require.resolve("typescript/bin/tsc"), "-p", path.join(STOREFRONT_DIR, "tsconfig.json")],
    { stdio: "inherit" }
  )
  fs.writeFileSync(path.join(OUT, "index.d.ts"), 'export * from "./types/storefront/index"\n')
  fs.writeFileSync(path.join(OUT, "react.d.ts"), 'export * from "./types/storefront/react/index"\n')
  fs.copyFileSync(STOREFRONT_STYLES, path.join(OUT, "styles.css"))
  // The kit's own package: the same files, at the paths storefront/package.json exports.
  fs.rmSync(STOREFRONT_PACKAGE_OUT, { recursive: true, force: true })
  fs.cpSync(OUT, STOREFRONT_PACKAGE_OUT, { recursive: true })

  const size = await measureStorefrontKit()
  process.stdout.write(
    `storefront kit, minified + gzip: index ${size.index_gzip_bytes} B, react ${size.react_gzip_bytes} B, styles.css ${size.css_gzip_bytes} B, all together ${size.total_gzip_bytes} B (budget ${size.budget_bytes} B)\n`
  )
  if (size.total_gzip_bytes > size.budget_bytes) {
    throw new Error(
      `the storefront kit is ${size.total_gzip_bytes} B minified + gzip, over its budget of ${size.budget_bytes} B`
    )
  }
}

/**
 * Links the React entry as Node would (React from the repository's devDependencies): a name it
 * imports from ./index.mjs that the core entry does not export fails here, not in a storefront.
 */
function checkReactEntryLinks(reactEntry: string): void {
  const script = `import(${JSON.stringify(pathToFileURL(reactEntry).href)}).catch((error) => { console.error(error.message); process.exit(1) })`
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: STOREFRONT_DIR,
      encoding: "utf8",
      stdio: "pipe",
    })
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr ?? error).trim()
    // The child's own output is the reason, in the message; the error itself holds nothing more.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `the React entry (react.mjs) does not load: ${reason}\nWhat storefront/react/ imports from a module of storefront/ must be exported by storefront/index.ts.`
    )
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
