/** Reading requests and writing answers, the same way for both services and the control API. */
import type { IncomingMessage, ServerResponse } from "node:http"

/** An answer decided before it is written, so the call log can record exactly what was sent. */
export interface Answer {
  status: number
  contentType: string
  text: string
  headers?: Record<string, string>
}

const JSON_TYPE = "application/json; charset=utf-8"

export function jsonAnswer(status: number, body: unknown, headers?: Record<string, string>): Answer {
  return { status, contentType: JSON_TYPE, text: JSON.stringify(body), headers }
}

/** A JSON content type with text that is not JSON, for faults that break the body on purpose. */
export function rawJsonAnswer(status: number, text: string): Answer {
  return { status, contentType: JSON_TYPE, text }
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })
}

export function writeAnswer(response: ServerResponse, answer: Answer): void {
  if (response.destroyed || response.headersSent) {
    return
  }
  response.writeHead(answer.status, {
    ...answer.headers,
    "content-type": answer.contentType,
    "content-length": Buffer.byteLength(answer.text),
  })
  response.end(answer.text)
}

/** A body as the call log keeps it: parsed JSON, else the raw text, null when there is none. */
export function parseJsonOrText(text: string): unknown {
  if (text === "") {
    return null
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** An answer's parsed JSON for the call log; null when it is not JSON (HTML, truncated). */
export function parseJsonOrNull(answer: Answer): unknown {
  if (!answer.contentType.startsWith("application/json")) {
    return null
  }
  try {
    return JSON.parse(answer.text) as unknown
  } catch {
    return null
  }
}
