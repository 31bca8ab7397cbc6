import { FreteServiceError, type ServiceRejection } from "../http/errors"

/** A 4xx from the tracking API, or a 200 whose `Success` is false: the order was refused. */
export class TrackingRejectedError extends FreteServiceError {}

export const trackingRejection: ServiceRejection = () => ({
  ErrorClass: TrackingRejectedError,
  refused: "refused the tracking order",
})

/** A tracking order that the plugin itself built wrong: never sent. */
export class InvalidTrackingOrderError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid tracking order: ${issues.join("; ")}`)
    this.name = "InvalidTrackingOrderError"
  }
}
