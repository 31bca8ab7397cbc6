import { FreteServiceError } from "../http/errors"

/**
 * `failure(promise)`: the typed error a call must reject with; every one is kept in `errors`, for
 * the check that no secret reached any of them.
 */
export function failureCollector() {
  const errors: unknown[] = []
  async function failure(promise: Promise<unknown>): Promise<FreteServiceError> {
    const error = await promise.then(
      () => {
        throw new Error("expected a failure")
      },
      (reason: unknown) => reason
    )
    errors.push(error)
    expect(error).toBeInstanceOf(FreteServiceError)
    return error as FreteServiceError
  }
  return { errors, failure }
}
