/**
 * Validation of a freight query body, in the order the service reports its errors: the JSON
 * itself (303), an empty query (304), a missing parameter (301), then each value in the order of
 * the document's table (101, 102, 103, 104, 106-109, 1000). The first failure is the answer.
 */
import { parseQueryNumber } from "./decimal-notation"
import { freightRejection, type FreightErrorBody, type FreightRejectionId } from "./freight-errors"
import { checkFreightJsonShape } from "./freight-json-shape"
import type { JsonObject } from "./json-object"
import { findPostalArea, routeTier, type PostalArea, type RouteTier } from "./postal-base"

export interface FreightVolume {
  quantidade: number
  preco: number
  altura: number
  comprimento: number
  largura: number
  peso: number
}

/** A query the service can price: numbers parsed, route resolved. */
export interface FreightQuery {
  cepOrigem: string
  cepDestino: string
  origin: PostalArea
  destination: PostalArea
  tier: RouteTier
  valorNotaFiscal: number
  prazoAdicional: number
  precoAdicional: number
  freteGratis: boolean
  volumes: FreightVolume[]
}

export type FreightValidation = { ok: true; query: FreightQuery } | { ok: false; error: FreightErrorBody }

const REQUIRED_MEMBERS = ["cep_origem", "cep_destino", "valor_notafiscal", "volumes"] as const

/** Each dimension of a volume with the error that reports it; all must be numbers above zero. */
const MEASURES = [
  ["comprimento", 106],
  ["largura", 107],
  ["altura", 108],
  ["peso", 109],
] as const satisfies ReadonlyArray<readonly [keyof FreightVolume, FreightRejectionId]>

function reject(id: FreightRejectionId, detail?: string): FreightValidation {
  return { ok: false, error: freightRejection(id, detail) }
}

/** Index (from 1) of the first volume whose member fails the test, or 0 when all pass. */
function firstFailingVolume(volumes: JsonObject[], member: string, isValid: (value: number) => boolean): number {
  const index = volumes.findIndex((volume) => {
    const value = parseQueryNumber(volume[member])
    return value === null || !isValid(value)
  })
  return index + 1
}

export function validateFreightQuery(rawBody: string): FreightValidation {
  const shape = checkFreightJsonShape(rawBody)
  if (!shape.ok) {
    return reject(303, shape.detail)
  }
  const body = shape.body
  if (REQUIRED_MEMBERS.every((name) => body[name] === undefined)) {
    return reject(304)
  }
  const missing = REQUIRED_MEMBERS.find((name) => body[name] === undefined)
  if (missing) {
    return reject(301, missing)
  }
  const cepOrigem = body.cep_origem as string
  const cepDestino = body.cep_destino as string
  const origin = findPostalArea(cepOrigem)
  if (!origin) {
    return reject(101)
  }
  const destination = findPostalArea(cepDestino)
  if (!destination) {
    return reject(102)
  }
  const valorNotaFiscal = parseQueryNumber(body.valor_notafiscal)
  if (valorNotaFiscal === null || valorNotaFiscal < 0) {
    return reject(103)
  }
  const volumes = body.volumes as JsonObject[]
  if (volumes.length === 0) {
    return reject(104, "nenhum volume informado")
  }
  const badQuantity = firstFailingVolume(volumes, "quantidade", (value) => Number.isInteger(value) && value > 0)
  if (badQuantity) {
    return reject(104, `quantidade do volume ${badQuantity}`)
  }
  for (const [member, id] of MEASURES) {
    const bad = firstFailingVolume(volumes, member, (value) => value > 0)
    if (bad) {
      return reject(id, `volume ${bad}`)
    }
  }
  const badPrice = firstFailingVolume(volumes, "preco", (value) => value >= 0)
  if (badPrice) {
    return reject(1000, `volume ${badPrice}`)
  }
  return {
    ok: true,
    query: {
      cepOrigem,
      cepDestino,
      origin,
      destination,
      tier: routeTier(cepOrigem, cepDestino, origin, destination),
      valorNotaFiscal,
      prazoAdicional: parseQueryNumber(body.prazo_adicional) ?? 0,
      precoAdicional: parseQueryNumber(body.preco_adicional) ?? 0,
      freteGratis: body.fretegratis === true || body.fretegratis === "true",
      volumes: volumes.map((volume) => ({
        quantidade: Number(parseQueryNumber(volume.quantidade)),
        preco: Number(parseQueryNumber(volume.preco)),
        altura: Number(parseQueryNumber(volume.altura)),
        comprimento: Number(parseQueryNumber(volume.comprimento)),
        largura: Number(parseQueryNumber(volume.largura)),
        peso: Number(parseQueryNumber(volume.peso)),
      })),
    },
  }
}
