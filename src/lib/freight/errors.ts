import { FreteServiceError, type ErrorDetails, type ServiceRejection } from "../http/errors"
import { freightRejectionName, type FreightRejectionName } from "./error-codes"

/** 400 from the freight API: the query was refused; `errorName` is the document's name for it. */
export class FreightQueryRejectedError extends FreteServiceError {
  readonly errorName: FreightRejectionName

  constructor(message: string, details: ErrorDetails) {
    super(message, details)
    this.errorName = freightRejectionName(details.erroId)
  }
}

/** erro_id 101 / 102: a CEP that is not in the service's postal-code base. */
export class CepNotFoundError extends FreightQueryRejectedError {
  get which(): "origin" | "destination" {
    return this.erroId === 101 ? "origin" : "destination"
  }
}

/** How the freight API's refusals are named: by `erro_id`, the CEPs it does not know apart. */
export const freightRejection: ServiceRejection = (erroId) => ({
  ErrorClass: erroId === 101 || erroId === 102 ? CepNotFoundError : FreightQueryRejectedError,
  refused: `refused the query: ${freightRejectionName(erroId)}`,
})

/** A query that the plugin itself built wrong: never sent, never retried. */
export class InvalidFreightQueryError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid freight query: ${issues.join("; ")}`)
    this.name = "InvalidFreightQueryError"
  }
}
