// `npm run build:storefront` (part of `npm run build`): the storefront kit as ES modules with types,
// in .medusa/storefront: index.mjs (no React), react.mjs ("use client"; React external), .d.ts
// files, and styles.css (the optional stylesheet, as written). Then its size, minified and gzipped,
// stylesheet included, against the budget: over it, the build fails.
import { execFileSync } from "node:child_process"
import { build } from "esbuild"
import fs from "node:fs"
import path from "node:path"
import { measureStorefrontKit, STOREFRONT_ENTRIES, STOREFRONT_EXTERNALS, STOREFRONT_STYLES } from "./lib/storefront-size"

const ROOT = path.resolve(__dirname, "..")
const OUT = path.join(ROOT, ".medusa", "storefront")

async function main(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true })
  const common = { bundle: true, format: "esm" as const, platform: "neutral" as const, target: "es2019", external: STOREFRONT_EXTERNALS, jsx: "automatic" as const, logLevel: "warning" as const }
  await build({ ...common, entryPoints: [STOREFRONT_ENTRIES.index], outfile: path.join(OUT, "index.mjs") })
  // The React entry imports the core entry as a package path, so a page that uses both loads it once.
  await build({
    ...common,
    entryPoints: [STOREFRONT_ENTRIES.react],
    outfile: path.join(OUT, "react.mjs"),
    banner: { js: '"use client";' },
    plugins: [
      {
        name: "core-as-sibling",
        setup(builder) {
          builder.onResolve({ filter: /^\.\.\/(cep|client|errors|format|warm)$/ }, () => ({ path: "./index.mjs", external: true }))
        },
      },
    ],
  })
  // The types keep the repository's layout from its root: the kit's under types/storefront, the
  // contract it shares with the server under types/src/lib/checkout, both inside the package.
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(ROOT, "storefront", "tsconfig.json")], { stdio: "inherit" })
  fs.writeFileSync(path.join(OUT, "index.d.ts"), 'export * from "./types/storefront/index"\n')
  fs.writeFileSync(path.join(OUT, "react.d.ts"), 'export * from "./types/storefront/react/index"\n')
  fs.copyFileSync(STOREFRONT_STYLES, path.join(OUT, "styles.css"))

  const size = await measureStorefrontKit()
  process.stdout.write(
    `storefront kit, minified + gzip: index ${size.index_gzip_bytes} B, react ${size.react_gzip_bytes} B, styles.css ${size.css_gzip_bytes} B, all together ${size.total_gzip_bytes} B (budget ${size.budget_bytes} B)\n`
  )
  if (size.total_gzip_bytes > size.budget_bytes) {
    throw new Error(`the storefront kit is ${size.total_gzip_bytes} B minified + gzip, over its budget of ${size.budget_bytes} B`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
