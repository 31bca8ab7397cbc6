import { formatDecimalText } from "../brazil/brazilian-decimal"
import type { FreightQuery } from "./schemas"

/** The body of `POST /v2/consulta`: every number as dot-decimal text, as the document's sample. */
export interface FreightWireQuery {
  cep_origem: string
  cep_destino: string
  valor_notafiscal: string
  prazo_adicional?: string
  preco_adicional?: string
  fretegratis?: boolean
  volumes: Array<{
    sku: string
    quantidade: string
    preco: string
    altura: string
    comprimento: string
    largura: string
    peso: string
  }>
}

export function buildWireQuery(query: FreightQuery): FreightWireQuery {
  return {
    cep_origem: query.originCep,
    cep_destino: query.destinationCep,
    valor_notafiscal: formatDecimalText(query.invoiceValue, 2),
    ...(query.extraDays ? { prazo_adicional: String(query.extraDays) } : {}),
    ...(query.extraPrice ? { preco_adicional: formatDecimalText(query.extraPrice, 2) } : {}),
    ...(query.freeFreight ? { fretegratis: true } : {}),
    volumes: query.volumes.map((volume) => ({
      sku: volume.sku,
      quantidade: String(volume.quantity),
      preco: formatDecimalText(volume.price, 2),
      altura: formatDecimalText(volume.heightCm, 2),
      comprimento: formatDecimalText(volume.lengthCm, 2),
      largura: formatDecimalText(volume.widthCm, 2),
      peso: formatDecimalText(volume.weightKg, 3),
    })),
  }
}
