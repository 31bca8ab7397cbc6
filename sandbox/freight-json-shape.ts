/**
 * The first check of a freight query body: that it is JSON, an object, and that every member it
 * carries has a JSON type the service can read. Any failure here is erro 303 JSON_INVALIDO.
 */
import { isNumericJsonType, parseQueryNumber } from "./decimal-notation"
import { hasMember, isJsonObject, type JsonObject } from "./json-object"

const NUMERIC_VOLUME_MEMBERS = ["quantidade", "preco", "altura", "comprimento", "largura", "peso"] as const
/** The sample of the document sends booleans as text, so both spellings are accepted. */
const FREE_FREIGHT_VALUES = new Set<unknown>([true, false, "true", "false"])

export type ShapeCheck = { ok: true; body: JsonObject } | { ok: false; detail: string }

/** The first wrongly typed member of the query, described in Portuguese, or null. */
function findWrongType(body: JsonObject): string | null {
  for (const name of ["cep_origem", "cep_destino"]) {
    if (hasMember(body, name) && typeof body[name] !== "string") {
      return `${name} deve ser texto`
    }
  }
  for (const name of ["valor_notafiscal", "prazo_adicional", "preco_adicional"]) {
    if (hasMember(body, name) && !isNumericJsonType(body[name])) {
      return `${name} deve ser um número ou texto numérico`
    }
  }
  if (hasMember(body, "prazo_adicional")) {
    const days = parseQueryNumber(body.prazo_adicional)
    if (days === null || !Number.isInteger(days) || days < 0) {
      return "prazo_adicional deve ser um número inteiro de dias"
    }
  }
  if (hasMember(body, "preco_adicional")) {
    const reais = parseQueryNumber(body.preco_adicional)
    if (reais === null || reais < 0) {
      return "preco_adicional deve ser um valor em reais"
    }
  }
  if (hasMember(body, "fretegratis") && !FREE_FREIGHT_VALUES.has(body.fretegratis)) {
    return "fretegratis deve ser booleano"
  }
  if (hasMember(body, "volumes")) {
    return findWrongVolumeType(body.volumes)
  }
  return null
}

function findWrongVolumeType(volumes: unknown): string | null {
  if (!Array.isArray(volumes)) {
    return "volumes deve ser uma lista"
  }
  for (const [index, volume] of volumes.entries()) {
    if (!isJsonObject(volume)) {
      return `o volume ${index + 1} deve ser um objeto`
    }
    if (hasMember(volume, "sku") && !isNumericJsonType(volume.sku)) {
      return `sku do volume ${index + 1} deve ser texto`
    }
    const wrong = NUMERIC_VOLUME_MEMBERS.find((name) => hasMember(volume, name) && !isNumericJsonType(volume[name]))
    if (wrong) {
      return `${wrong} do volume ${index + 1} deve ser um número ou texto numérico`
    }
  }
  return null
}

/** Parses the raw body and checks the JSON types of its members. */
export function checkFreightJsonShape(rawBody: string): ShapeCheck {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    return { ok: false, detail: "o corpo da requisição não é um JSON válido" }
  }
  if (!isJsonObject(parsed)) {
    return { ok: false, detail: "o corpo da requisição deve ser um objeto" }
  }
  const wrongType = findWrongType(parsed)
  return wrongType ? { ok: false, detail: wrongType } : { ok: true, body: parsed }
}
