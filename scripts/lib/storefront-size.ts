// The storefront kit's weight as a shopper's browser receives it: each entry bundled and minified
// (React left out: the store already ships it), then gzipped; the stylesheet minified and gzipped too.
import { build } from "esbuild"
import path from "node:path"
import zlib from "node:zlib"

/** The kit's source, and the folder of its own package (storefront/package.json). */
export const STOREFRONT_DIR = path.resolve(__dirname, "..", "..", "storefront")
export const STOREFRONT_ENTRIES = {
  index: path.join(STOREFRONT_DIR, "index.ts"),
  react: path.join(STOREFRONT_DIR, "react", "index.ts"),
}
/** The optional stylesheet, `medusa-plugin-frete-storefront/styles.css`. */
export const STOREFRONT_STYLES = path.join(STOREFRONT_DIR, "styles.css")
/** Where the build writes the kit: in the plugin (`medusa-plugin-frete/storefront`, kept for the stores that import it so). */
export const STOREFRONT_PLUGIN_OUT = path.resolve(STOREFRONT_DIR, "..", ".medusa", "storefront")
/** And, the same files, in its own package, medusa-plugin-frete-storefront (storefront/package.json's `files`). */
export const STOREFRONT_PACKAGE_OUT = path.join(STOREFRONT_DIR, "dist")
export const STOREFRONT_EXTERNALS = ["react", "react-dom", "react/jsx-runtime"]
/** The budget of both entries and the stylesheet together, minified and gzipped. */
export const STOREFRONT_BUDGET_BYTES = 10 * 1024

export interface StorefrontKitSize {
  index_gzip_bytes: number
  react_gzip_bytes: number
  css_gzip_bytes: number
  /** Both entries in one bundle (what a page using the calculator loads) plus the stylesheet, each minified and gzipped. */
  total_gzip_bytes: number
  budget_bytes: number
}

async function gzippedSize(contents: string): Promise<number> {
  const result = await build({
    stdin: { contents, resolveDir: path.dirname(STOREFRONT_ENTRIES.index), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2019",
    minify: true,
    write: false,
    external: STOREFRONT_EXTERNALS,
    jsx: "automatic",
    logLevel: "silent",
  })
  return zlib.gzipSync(result.outputFiles[0].contents, { level: 9 }).length
}

async function gzippedCssSize(): Promise<number> {
  const result = await build({
    entryPoints: [STOREFRONT_STYLES],
    bundle: true,
    minify: true,
    write: false,
    logLevel: "silent",
  })
  return zlib.gzipSync(result.outputFiles[0].contents, { level: 9 }).length
}

export async function measureStorefrontKit(): Promise<StorefrontKitSize> {
  const all = (file: string) => `export * from ${JSON.stringify(file)}\n`
  const css = await gzippedCssSize()
  return {
    index_gzip_bytes: await gzippedSize(all(STOREFRONT_ENTRIES.index)),
    react_gzip_bytes: await gzippedSize(all(STOREFRONT_ENTRIES.react)),
    css_gzip_bytes: css,
    total_gzip_bytes: (await gzippedSize(all(STOREFRONT_ENTRIES.index) + all(STOREFRONT_ENTRIES.react))) + css,
    budget_bytes: STOREFRONT_BUDGET_BYTES,
  }
}
