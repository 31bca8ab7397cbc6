import { z } from "zod"
import {
  TRACKING_FIELD_SPECS,
  TRACKING_FIELDS,
  type TrackingFieldName,
  type TrackingFieldSpec,
  type TrackingFormat,
  type TrackingWireType,
} from "./fields"

const text = z.string().max(1000)
const digits = (min: number, max: number) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min === max ? min : `${min} to ${max}`} digits`)
/** "2026-11-22", "2026-11-22T14:30", "2026-11-22T14:30:00", with an optional offset or Z. */
const TRACKING_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

export const trackingEmailSchema = z.email().max(254)

const BY_TYPE: Record<TrackingWireType, z.ZodType> = {
  String: text,
  Number: z.number().finite().nonnegative(),
  Boolean: z.boolean(),
  DateTime: z.string().regex(TRACKING_DATE_TIME, "must be a date (YYYY-MM-DD) or a date and time"),
}

const BY_FORMAT: Record<TrackingFormat, z.ZodType> = {
  cnpj: z.string().regex(/^[0-9A-Z]{12}\d{2}$/, "must be a CNPJ's 14 characters"),
  taxId: z.string().regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$/, "must be a CPF's 11 digits or a CNPJ's 14 characters"),
  cep: digits(8, 8),
  phone: digits(10, 11),
  email: trackingEmailSchema,
}

// Only text fields are required, and a required text is not empty.
const fieldSchema = (spec: TrackingFieldSpec): z.ZodType =>
  spec.required ? text.min(1) : (spec.format ? BY_FORMAT[spec.format] : BY_TYPE[spec.type]).optional()

type Fields = typeof TRACKING_FIELDS
type WireValue<T extends TrackingWireType> = T extends "Number" ? number : T extends "Boolean" ? boolean : string
type RequiredField = { [K in TrackingFieldName]: Fields[K] extends { required: true } ? K : never }[TrackingFieldName]

export type OptionalTrackingField = Exclude<TrackingFieldName, RequiredField>

export type TrackingOrder = { [K in RequiredField]: WireValue<Fields[K]["type"]> } & {
  [K in OptionalTrackingField]?: WireValue<Fields[K]["type"]>
}

/** Typed from the table: zod cannot infer a shape built at run time. */
export const trackingOrderSchema = z.strictObject(
  Object.fromEntries(Object.entries(TRACKING_FIELD_SPECS).map(([field, spec]) => [field, fieldSchema(spec)]))
) as unknown as z.ZodType<TrackingOrder>

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "True", "False"])])
  .transform((value) => (typeof value === "boolean" ? value : value.toLowerCase() === "true"))
const message = z.string().nullish()

export type TrackingResult = { id: string }

/** `Success` may come as text, like the booleans of the sample; a success without an `Id` is no answer. */
export const trackingAnswerWireSchema = z
  .looseObject({
    Id: z.string({ error: "is missing from an answer that reports success" }).min(1),
    Success: flag.pipe(z.literal(true)),
    Message: message,
  })
  .transform((answer): TrackingResult => ({ id: answer.Id }))

export const trackingRefusalWireSchema = z
  .looseObject({ Success: flag.pipe(z.literal(false)), Message: message })
  .transform((refusal) => refusal.Message ?? null)
