/** Shared fixtures of the sandbox's specs: sample bodies and requests over real HTTP. */
import { request as httpRequest } from "node:http"
import type { Sandbox } from "../types"

export const FREIGHT_TOKEN = "sandbox-freight-token"
export const TRACKING_CREDENTIAL = "sandbox-tracking-credential"

export function freightVolume(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sku: "CAM-001",
    quantidade: "1",
    preco: "89,90",
    altura: "10",
    comprimento: "30",
    largura: "20",
    peso: "0.8",
    ...overrides,
  }
}

/** São Paulo (Av. Paulista) to Rio de Janeiro: neighbouring states of one region. */
export function freightQuery(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cep_origem: "01310100",
    cep_destino: "20040002",
    valor_notafiscal: "89,90",
    volumes: [freightVolume()],
    ...overrides,
  }
}

export interface HttpResult {
  status: number
  contentType: string
  text: string
  json: unknown
}

async function toResult(response: Response): Promise<HttpResult> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text, json }
}

/** POST /v2/consulta; `body` is sent as JSON unless it is already text. */
export async function postFreight(
  sandbox: Sandbox,
  body: unknown,
  query = `token=${FREIGHT_TOKEN}`
): Promise<HttpResult> {
  const response = await fetch(`${sandbox.url}/v2/consulta${query ? `?${query}` : ""}`, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  })
  return toResult(response)
}

export function trackingOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OrderNumber: "1042",
    ReceiptNumber: "000123",
    ReceiptSerie: "1",
    Code: "QB123456789BR",
    CustomerName: "Maria da Silva",
    CustomerEmail: "maria@example.com.br",
    CustomerPhone: "11987654321",
    CustomerDocumentNumber: "12345678909",
    CustomerPostalCode: "01310100",
    CompanyDocumentNumber: "12345678000195",
    DatePosted: "2026-11-20",
    DateToDelivery: "2026-11-25T18:00",
    SendSms: "true",
    SendEmail: false,
    OrderSalesValue: 189.9,
    ...overrides,
  }
}

/** POST /v1/tracking with the given Authorization header (null sends none). */
export async function postTracking(
  sandbox: Sandbox,
  body: unknown,
  authorization: string | null = `Basic ${TRACKING_CREDENTIAL}`,
  method = "POST"
): Promise<HttpResult> {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" }
  if (authorization !== null) {
    headers.authorization = authorization
  }
  const response = await fetch(`${sandbox.url}/v1/tracking`, {
    method,
    headers,
    body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  })
  return toResult(response)
}

/**
 * A request over node:http on its own socket, for faults that fetch reports poorly: resolves with
 * the answer, or with the error that ended the socket (a reset, a close during a hang).
 */
export function rawPost(
  url: string,
  body: unknown
): { done: Promise<{ status: number } | { error: NodeJS.ErrnoException }>; abort: () => void } {
  const request = httpRequest(url, { method: "POST", agent: false, headers: { "content-type": "application/json" } })
  const done = new Promise<{ status: number } | { error: NodeJS.ErrnoException }>((resolve) => {
    request.on("response", (response) => {
      response.resume()
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }))
    })
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error }))
  })
  request.end(JSON.stringify(body))
  return { done, abort: () => request.destroy() }
}

/** Polls a condition of the sandbox's own state (never a clock) until it holds. */
export async function waitFor(condition: () => boolean, what: string, attempts = 200): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (condition()) {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`Timed out waiting for ${what}`)
}
