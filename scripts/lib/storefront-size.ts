// The storefront kit's weight as a shopper's browser receives it: each entry bundled and minified
// (React left out: the store already ships it), then gzipped; the stylesheet minified and gzipped too.
import { build } from "esbuild"
import path from "node:path"
import zlib from "node:zlib"

export const STOREFRONT_ENTRIES = {
  index: path.resolve(__dirname, "..", "..", "storefront", "index.ts"),
  react: path.resolve(__dirname, "..", "..", "storefront", "react", "index.ts"),
}
/** The optional stylesheet, `medusa-plugin-frete/storefront/styles.css`. */
export const STOREFRONT_STYLES = path.resolve(__dirname, "..", "..", "storefront", "styles.css")
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
  const result = await build({ entryPoints: [STOREFRONT_STYLES], bundle: true, minify: true, write: false, logLevel: "silent" })
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
