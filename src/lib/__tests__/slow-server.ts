import http from "node:http"
import type { AddressInfo } from "node:net"

/** A local HTTP server that holds every request `holdMs` before answering `body`, counting them. */
export async function slowServer(holdMs: number, body = "{}") {
  let received = 0
  const server = http.createServer((request, response) => {
    received += 1
    request.resume()
    const timer = setTimeout(() => response.end(body), holdMs)
    response.on("close", () => clearTimeout(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => server.close(() => resolve())).finally(() => server.closeAllConnections()),
  }
}
