// A real HTTP server on loopback that answers as the plugin's store routes do, for the kit's specs:
// started before the file's tests, closed after, its record of requests emptied before each test.
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface LoopbackReply {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export interface LoopbackStore<R> {
  /** `http://127.0.0.1:<port>`, once the server listens. */
  readonly url: string
  /** What the next requests get. */
  reply: LoopbackReply
  /** What each request carried, as the file's `record` reads it. */
  readonly received: R[]
}

/** `record` reads what a file checks of each request (its JSON body, when it has one, given parsed). */
export function loopbackStore<R>(record: (req: http.IncomingMessage, body: unknown) => R): LoopbackStore<R> {
  let server: http.Server
  const store = { url: "", reply: { status: 200, body: {} } as LoopbackReply, received: [] as R[] }
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = ""
      req.on("data", (chunk) => (raw += chunk))
      req.on("end", () => {
        store.received.push(record(req, raw ? JSON.parse(raw) : null))
        res.writeHead(store.reply.status, { "content-type": "application/json", ...store.reply.headers })
        res.end(JSON.stringify(store.reply.body))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    store.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => {
    store.received.length = 0
  })
  return store
}
