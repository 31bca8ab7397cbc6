import type { TFunction } from "i18next"
import { formatBrl } from "../../lib/format"
import { TRACKING_FIELD_SPECS, TRACKING_FIELDS, type TrackingFieldSpec } from "../../../lib/tracking/fields"

/** The tracking order's fields in the order the preview lists them; each one's label is frete.payload.<field> (i18n/index.ts). */
export const PAYLOAD_FIELDS: string[] = Object.keys(TRACKING_FIELDS)
const FIELDS: Readonly<Record<string, TrackingFieldSpec | undefined>> = TRACKING_FIELD_SPECS

/** "2026-11-20T14:30:00" -> "20/11/2026 14:30", as sent (the store's local time); other text as it is. */
function formatSentDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value)
  if (!match) {
    return value
  }
  const [, year, month, day, hour, minute] = match
  return `${day}/${month}/${year}${hour ? ` ${hour}:${minute}` : ""}`
}

/** A field's value as the preview shows it: "Sim"/"Não" ("Yes"/"No"), reais, a date; "—" when not sent. */
export function formatPayloadValue(t: TFunction, field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") {
    return "—"
  }
  if (typeof value === "boolean") {
    return value ? t("frete.format.yes") : t("frete.format.no")
  }
  if (typeof value === "number" && FIELDS[field]?.reais) {
    return formatBrl(value)
  }
  if (typeof value === "string" && FIELDS[field]?.type === "DateTime") {
    return formatSentDate(value)
  }
  return String(value)
}

/** The label of a field; the field's own name for one the list does not know. */
export function payloadLabel(t: TFunction, field: string): string {
  return FIELDS[field] ? t(`frete.payload.${field}`) : field
}
