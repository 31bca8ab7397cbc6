// The demo's storefront: a small shop in Brazilian Portuguese built on the plugin's storefront kit
// (product page with the CEP calculator, cart, checkout delivery step, order confirmation). It is
// served with its store API calls passed through to Medusa, so the browser talks to one origin and
// the store needs no CORS setting for it.
import { build } from "esbuild"
import fs from "node:fs"
import http from "node:http"
import path from "node:path"

export interface StorefrontConfig {
  storeName: string
  publishableKey: string
  regionId: string
}

export interface StorefrontServer {
  url: string
  close: () => Promise<void>
}

const APP = path.join(__dirname, "app")
/** The kit's optional stylesheet, as a store imports it (`medusa-plugin-frete/storefront/styles.css`). */
const KIT_STYLES = path.join(__dirname, "..", "..", "..", "storefront", "styles.css")

/** The storefront's JavaScript: the app and the kit it imports, in one minified ES module. */
export async function bundleStorefront(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(APP, "main.tsx")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    minify: true,
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  })
  return result.outputFiles[0].text
}

function html(config: StorefrontConfig): string {
  // The config is JSON inside a script: "<" escaped so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c")
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${config.storeName.replace(/[<>&"]/g, "")}</title>
<link rel="stylesheet" href="/assets/app.css">
</head>
<body>
<div id="root"></div>
<script>window.__FRETE_DEMO__ = ${json}</script>
<script type="module" src="/assets/app.js"></script>
</body>
</html>`
}

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" })
  res.end(body)
}

/** Passes a store API call to Medusa as it came; a fresh connection each, as Medusa's dev server closes idle ones. */
function proxy(req: http.IncomingMessage, res: http.ServerResponse, target: URL): void {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: target.host },
      agent: false,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    }
  )
  upstream.on("error", () => {
    if (!res.headersSent)
      send(
        res,
        502,
        "application/json",
        JSON.stringify({ type: "unexpected_state", message: "A loja não respondeu. Tente novamente em instantes." })
      )
    else res.destroy()
  })
  req.pipe(upstream)
}

export async function startStorefront(options: {
  port: number
  medusaUrl: string
  config: StorefrontConfig
}): Promise<StorefrontServer> {
  const script = await bundleStorefront()
  // The kit's stylesheet first, the shop's own after it, as a storefront's bundler would join them.
  const css = `${fs.readFileSync(KIT_STYLES, "utf8")}\n${fs.readFileSync(path.join(APP, "storefront.css"), "utf8")}`
  const page = html(options.config)
  const target = new URL(options.medusaUrl)
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/"
    if (url.startsWith("/store/")) return proxy(req, res, target)
    if (req.method !== "GET") return send(res, 405, "text/plain; charset=utf-8", "Método não permitido")
    if (url === "/assets/app.js") return send(res, 200, "text/javascript; charset=utf-8", script)
    if (url === "/assets/app.css") return send(res, 200, "text/css; charset=utf-8", css)
    if (url.startsWith("/assets/")) return send(res, 404, "text/plain; charset=utf-8", "Não encontrado")
    // Every other path is a page of the app, which routes in the browser.
    send(res, 200, "text/html; charset=utf-8", page)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port, "127.0.0.1", resolve)
  })
  return {
    url: `http://localhost:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
