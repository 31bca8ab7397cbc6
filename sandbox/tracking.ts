/**
 * The tracking service's own rules: which bodies it accepts and the orders it keeps. The document
 * describes only the 500 answer; every 400 here is the sandbox's choice, written in the README.
 */
import { randomUUID } from "node:crypto"
import { hasMember, isJsonObject } from "./json-object"
import { hasTrackingType, TRACKING_FIELDS, type TrackingFieldType } from "./tracking-fields"
import type { StoredTrackingOrder } from "./types"

export type TrackingValidation = { ok: true; order: Record<string, unknown> } | { ok: false; message: string }

const TYPE_DESCRIPTIONS: Readonly<Record<TrackingFieldType, string>> = {
  String: "texto",
  Number: "um número",
  Boolean: "booleano (true ou false)",
  DateTime: "uma data no formato AAAA-MM-DD ou AAAA-MM-DDTHH:mm[:ss]",
}

/** Names are case-sensitive, so a near miss ("customerName") is pointed at its right spelling. */
function unknownFieldMessage(name: string): string {
  const spelled = Object.keys(TRACKING_FIELDS).find((known) => known.toLowerCase() === name.toLowerCase())
  return spelled ? `Campo desconhecido: ${name} (você quis dizer ${spelled}?)` : `Campo desconhecido: ${name}`
}

/** The first problem of a field's value, or null; null values of optional fields count as absent. */
function fieldProblem(name: string, value: unknown): string | null {
  const field = TRACKING_FIELDS[name]
  if (value === undefined || value === null || (field.required && typeof value === "string" && !value.trim())) {
    return field.required ? `O campo ${name} é obrigatório` : null
  }
  if (!hasTrackingType(value, field.type)) {
    return `O campo ${name} deve ser ${TYPE_DESCRIPTIONS[field.type]}`
  }
  if (field.format && !field.format.pattern.test(value as string)) {
    return `O campo ${name} deve ser ${field.format.description}`
  }
  return null
}

export function validateTrackingOrder(rawBody: string): TrackingValidation {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    return { ok: false, message: "O corpo da requisição não é um JSON válido" }
  }
  if (!isJsonObject(parsed)) {
    return { ok: false, message: "O corpo da requisição deve ser um objeto JSON" }
  }
  const unknown = Object.keys(parsed).find((name) => !hasMember(TRACKING_FIELDS, name))
  if (unknown !== undefined) {
    return { ok: false, message: unknownFieldMessage(unknown) }
  }
  for (const name of Object.keys(TRACKING_FIELDS)) {
    const problem = fieldProblem(name, parsed[name])
    if (problem) {
      return { ok: false, message: problem }
    }
  }
  return { ok: true, order: parsed }
}

/** The orders the sandbox created, in arrival order, as they were sent. */
export class TrackingOrderStore {
  private orders: StoredTrackingOrder[] = []

  add(order: Record<string, unknown>): StoredTrackingOrder {
    const stored = { id: randomUUID(), receivedAt: new Date().toISOString(), order }
    this.orders.push(stored)
    return stored
  }

  list(): StoredTrackingOrder[] {
    return structuredClone(this.orders)
  }

  clear(): void {
    this.orders = []
  }
}
