/**
 * /v1/tracking. POST creates a tracking order. GET is not in the document: it answers 401 or
 * 405, which lets a client check its credential without creating anything.
 */
import { jsonAnswer, type Answer } from "./http-io"
import { secretsEqual } from "./secrets"
import type { ServiceRequest, ServiceState } from "./service-state"
import { validateTrackingOrder } from "./tracking"

export const TRACKING_AUTHENTICATION_ERROR = { Success: false, Message: "Credenciais inválidas" }
export const TRACKING_SERVER_ERROR = { Success: false, Message: "Ocorreu um erro, contate o suporte" }

const BASIC_SCHEME = "basic "

/** The scheme is case-insensitive as in HTTP; the credential is the whole rest of the header. */
export function isTrackingAuthorized(authorization: string | undefined, credential: string): boolean {
  if (!authorization || authorization.slice(0, BASIC_SCHEME.length).toLowerCase() !== BASIC_SCHEME) {
    return false
  }
  return secretsEqual(authorization.slice(BASIC_SCHEME.length), credential)
}

export function answerTracking(request: ServiceRequest, state: ServiceState): Answer {
  if (!isTrackingAuthorized(request.authorization, state.config.trackingCredential)) {
    return jsonAnswer(401, TRACKING_AUTHENTICATION_ERROR)
  }
  if (request.method !== "POST") {
    return jsonAnswer(405, { Success: false, Message: "Método não permitido" }, { allow: "POST" })
  }
  const validation = validateTrackingOrder(request.rawBody)
  if (!validation.ok) {
    return jsonAnswer(400, { Success: false, Message: validation.message })
  }
  const stored = state.orders.add(validation.order)
  return jsonAnswer(200, { Id: stored.id, Success: true, Message: "Pedido de rastreamento criado" })
}
