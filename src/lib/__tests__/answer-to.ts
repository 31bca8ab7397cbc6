import { z } from "zod"
import { startDeadline } from "../http/deadline"
import type { ServiceName, ServiceRejection } from "../http/errors"
import { readAnswer } from "../http/read-answer"
import { ServiceTransport } from "../http/service-transport"
import { freightRejection } from "../freight/errors"
import { trackingRejection } from "../tracking/errors"

const REJECTION: Record<ServiceName, ServiceRejection> = { freight: freightRejection, tracking: trackingRejection }

/**
 * A service's answer to a body its client would never send (the client checks what it sends
 * first), read by the transport as the client reads it. A connection of its own, closed before
 * the test ends: some tests count the sandbox's sockets.
 */
export async function answerTo(
  service: ServiceName,
  baseUrl: string,
  request: { path: string; headers?: Record<string, string>; body: unknown },
  secrets: string[]
): Promise<unknown> {
  const transport = new ServiceTransport({
    service,
    baseUrl,
    connections: 1,
    timeoutMs: 5000,
    secrets,
    rejection: REJECTION[service],
  })
  try {
    return await transport.request(
      {
        method: "POST",
        path: request.path,
        headers: request.headers,
        json: request.body,
        deadline: startDeadline(5000),
      },
      { schema: z.unknown() }
    )
  } finally {
    await transport.close()
  }
}

/** The typed error a client gets for this answer (a test fails if the answer is read as a value). */
export function errorOfAnswer(service: ServiceName, status: number, text: string): unknown {
  try {
    readAnswer(
      { status, contentType: "application/json", text },
      { schema: z.unknown() },
      { service, secrets: [], rejection: REJECTION[service] }
    )
  } catch (error) {
    return error
  }
  throw new Error(`HTTP ${status} was read as an answer`)
}
