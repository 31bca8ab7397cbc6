import { displayCnpj } from "../../lib/format"
import { numberFromText, textFromNumber, textOrNull } from "../../lib/form-values"
import { rowKey } from "../../lib/list"
import type { Draft, FreteSettings, TrackingSettings } from "../../lib/types"

export type CarrierForm = { key: string; service: string; carrier_id: string; carrier_name: string }

export type TrackingForm = {
  enabled: boolean
  provider_ids: string[]
  company_document: string
  entry_source: string
  send_sms: boolean
  send_email: boolean
  automatic_date_delivered: boolean
  carriers: CarrierForm[]
  cpf_metadata_key: string
  invoice_number_metadata_key: string
  invoice_series_metadata_key: string
  payload_retention_days: string
}

export const emptyCarrier = (): CarrierForm => ({ key: rowKey(), service: "", carrier_id: "", carrier_name: "" })

export function trackingFrom({ tracking }: FreteSettings): TrackingForm {
  return {
    ...tracking,
    provider_ids: [...tracking.provider_ids],
    company_document: displayCnpj(tracking.company_document ?? ""),
    payload_retention_days: textFromNumber(tracking.payload_retention_days),
    carriers: tracking.carriers.map((carrier) => ({
      key: rowKey(),
      service: carrier.service,
      carrier_id: carrier.carrier_id ?? "",
      carrier_name: carrier.carrier_name ?? "",
    })),
  }
}

export function trackingPatch(form: TrackingForm): Draft<TrackingSettings> {
  return {
    enabled: form.enabled,
    provider_ids: [...form.provider_ids],
    company_document: textOrNull(form.company_document),
    entry_source: form.entry_source.trim(),
    send_sms: form.send_sms,
    send_email: form.send_email,
    automatic_date_delivered: form.automatic_date_delivered,
    carriers: form.carriers.map((carrier) => ({
      service: carrier.service.trim(),
      carrier_id: textOrNull(carrier.carrier_id),
      carrier_name: textOrNull(carrier.carrier_name),
    })),
    cpf_metadata_key: form.cpf_metadata_key.trim(),
    invoice_number_metadata_key: form.invoice_number_metadata_key.trim(),
    invoice_series_metadata_key: form.invoice_series_metadata_key.trim(),
    payload_retention_days: numberFromText(form.payload_retention_days),
  }
}
