import { z } from "zod"

const text = z.string().max(1000)
const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min === max ? min : `${min} to ${max}`} digits`)
/** "2026-11-22", "2026-11-22T14:30", "2026-11-22T14:30:00", with an optional offset or Z. */
export const TRACKING_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/
const dateTime = z.string().regex(TRACKING_DATE_TIME, "must be a date (YYYY-MM-DD) or a date and time")
const amount = z.number().finite().nonnegative()

/** The tracking order, field for field as the interface document names them (case-sensitive). */
export const trackingOrderSchema = z.strictObject({
  OrderNumber: text.min(1),
  ReceiptNumber: text.optional(),
  ReceiptSerie: text.optional(),
  Code: text.min(1),
  carrierId: text.optional(),
  Description: text.optional(),
  DatePosted: dateTime.optional(),
  DateToDelivery: dateTime.optional(),
  CarrierName: text.optional(),
  CompanyDocumentNumber: digits(14, 14).optional(),
  CustomerEmail: z.email().max(254).optional(),
  CustomerPhone: digits(10, 11).optional(),
  CustomerName: text.min(1),
  CustomerDocumentNumber: digits(11, 11).optional(),
  CustomerPostalCode: digits(8, 8).optional(),
  CustomerCountry: text.optional(),
  CustomerState: text.optional(),
  CustomerCity: text.optional(),
  CustomerStreet: text.optional(),
  CustomerNumber: text.optional(),
  CustomerComplement: text.optional(),
  CustomerDateOfBirth: dateTime.optional(),
  CompanyPostalCode: digits(8, 8).optional(),
  DeliveryType: text.optional(),
  SendSms: z.boolean().optional(),
  SendEmail: z.boolean().optional(),
  OrderSalesValue: amount.optional(),
  FreightNumber: amount.optional(),
  FreightCost: amount.optional(),
  AutomaticDateDelivered: z.boolean().optional(),
  EntrySource: text.optional(),
  Height: amount.optional(),
  Width: amount.optional(),
  Weight: amount.optional(),
  Length: amount.optional(),
  SalesChannel: text.optional(),
})

export type TrackingOrder = z.infer<typeof trackingOrderSchema>

const flag = z.union([z.boolean(), z.enum(["true", "false", "True", "False"])]).transform((value) =>
  typeof value === "boolean" ? value : value.toLowerCase() === "true"
)
const message = z.string().nullish()

export interface TrackingResult {
  /** Identifier of the tracking record the service created. */
  id: string
}

/**
 * The answer of `POST /v1/tracking` that created an order: `Success` may come as text, like the
 * booleans of the sample, and a success without an `Id` is no answer.
 */
export const trackingAnswerWireSchema = z
  .looseObject({
    Id: z.string({ error: "is missing from an answer that reports success" }).min(1),
    Success: flag.pipe(z.literal(true)),
    Message: message,
  })
  .transform((answer): TrackingResult => ({ id: answer.Id }))

/** An answer of `POST /v1/tracking` that refuses the order (`Success` false), read to its message. */
export const trackingRefusalWireSchema = z
  .looseObject({ Success: flag.pipe(z.literal(false)), Message: message })
  .transform((refusal) => refusal.Message ?? null)
