/**
 * POST /v2/consulta. Checks in the order the brief of the sandbox fixes: the token, the plan's
 * query limit, the URL, then the body; only a query answered 200 counts toward the limit.
 */
import { randomUUID } from "node:crypto"
import { validateFreightQuery } from "./freight"
import { FREIGHT_AUTHENTICATION_ERROR, FREIGHT_QUERY_LIMIT_ERROR, freightRejection } from "./freight-errors"
import { quoteFreight } from "./freight-pricing"
import { jsonAnswer, type Answer } from "./http-io"
import { secretsEqual } from "./secrets"
import type { ServiceRequest, ServiceState } from "./service-state"

/** Every `token` given must be the right one: a repeated parameter does not smuggle a guess in. */
export function isFreightAuthorized(searchParams: URLSearchParams, token: string): boolean {
  const given = searchParams.getAll("token")
  return given.length > 0 && given.every((value) => secretsEqual(value, token))
}

export function answerFreight(request: ServiceRequest, state: ServiceState): Answer {
  if (!isFreightAuthorized(request.searchParams, state.config.freightToken)) {
    return jsonAnswer(401, FREIGHT_AUTHENTICATION_ERROR)
  }
  if (request.method !== "POST") {
    return jsonAnswer(405, { erro_id: 0, erro_mensagem: "Método não permitido" }, { allow: "POST" })
  }
  const limit = state.config.queryLimit
  if (limit !== null && state.queriesAnswered >= limit) {
    return jsonAnswer(429, FREIGHT_QUERY_LIMIT_ERROR)
  }
  if (request.searchParams.getAll("token").length > 1) {
    return jsonAnswer(400, freightRejection(302, "parâmetro token repetido"))
  }
  const validation = validateFreightQuery(request.rawBody)
  if (!validation.ok) {
    return jsonAnswer(400, validation.error)
  }
  const cotacoes = quoteFreight(validation.query, { auction: state.config.auction })
  state.queriesAnswered += 1
  return jsonAnswer(200, { consulta_token: randomUUID(), cotacoes })
}
