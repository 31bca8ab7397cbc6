import { formatDecimalText } from "../brazil/brazilian-decimal"
import type { FreightQuery } from "./schemas"

/** The body of `POST /v2/consulta`: every number as dot-decimal text, as the document's sample. */
export function buildWireQuery(query: FreightQuery) {
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
