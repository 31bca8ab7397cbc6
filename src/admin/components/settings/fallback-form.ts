import { numberFromText, textFromNumber, textFromReais, textOrNull } from "../../lib/form-values"
import { rowKey } from "../../lib/list"
import type { Draft, FallbackService, FreteSettings } from "../../lib/types"

export type FallbackBandForm = { key: string; max_weight_kg: string; price: string; days: string }

export type FallbackServiceForm = {
  key: string
  service: string
  name: string
  carrier: string
  bands: FallbackBandForm[]
}

export const emptyBand = (): FallbackBandForm => ({ key: rowKey(), max_weight_kg: "", price: "", days: "" })

export const emptyFallbackService = (): FallbackServiceForm => ({
  key: rowKey(),
  service: "",
  name: "",
  carrier: "",
  bands: [emptyBand()],
})

export function fallbackFrom(settings: FreteSettings): FallbackServiceForm[] {
  return settings.fallback.map((entry) => ({
    key: rowKey(),
    service: entry.service,
    name: entry.name,
    carrier: entry.carrier ?? "",
    bands: entry.bands.map((band) => ({
      key: rowKey(),
      max_weight_kg: textFromNumber(band.max_weight_kg),
      price: textFromReais(band.price),
      days: textFromNumber(band.days),
    })),
  }))
}

export function fallbackPatch(entries: FallbackServiceForm[]): Array<Draft<FallbackService>> {
  return entries.map((entry) => ({
    service: entry.service.trim(),
    name: entry.name.trim(),
    carrier: textOrNull(entry.carrier),
    bands: entry.bands.map((band) => ({
      max_weight_kg: numberFromText(band.max_weight_kg),
      price: numberFromText(band.price),
      days: numberFromText(band.days),
    })),
  }))
}
