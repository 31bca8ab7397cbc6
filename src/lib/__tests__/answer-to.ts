import { Client } from "undici"
import { errorFromResponse, type ServiceName } from "../http/errors"

/**
 * A service's answer to a body its client would never send (the client checks what it sends
 * first), read as the client reads an answer that is not a 2xx. A connection of its own, closed
 * before the test ends: some tests count the sandbox's sockets.
 */
export async function answerTo(
  service: ServiceName,
  baseUrl: string,
  request: { path: string; headers?: Record<string, string>; body: unknown },
  secrets: string[]
): Promise<never> {
  const connection = new Client(baseUrl)
  try {
    const response = await connection.request({
      method: "POST",
      path: request.path,
      headers: { "content-type": "application/json", ...request.headers },
      body: JSON.stringify(request.body),
    })
    throw errorFromResponse(service, response.statusCode, await response.body.text(), secrets)
  } finally {
    await connection.close()
  }
}
