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
    /**
     * The count once it reaches `count`, or after `withinMs` if it does not: a request the client
     * sent can reach this server's handler after the client gave up on it when the machine is busy.
     */
    receivedBy: async (count: number, withinMs = 5000) => {
      const until = Date.now() + withinMs
      while (received < count && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).finally(() => server.closeAllConnections()),
  }
}
