export const JOB_SECONDS_VARIABLE = "FRETE_TRACKING_JOB_SECONDS"

export const EVERY_MINUTE = "* * * * *"
const FEWEST_SECONDS = 5
const MOST_SECONDS = 3600

/** Unset or empty: every minute on the minute. Anything but 5 to 3600 whole seconds stops Medusa's boot, rather than a job that never runs. */
export function deliveryJobSchedule(value: string | undefined): string | { interval: number } {
  if (value === undefined || value.trim() === "") return EVERY_MINUTE
  const seconds = Number(value.trim())
  if (!Number.isInteger(seconds) || seconds < FEWEST_SECONDS || seconds > MOST_SECONDS) {
    throw new Error(`${JOB_SECONDS_VARIABLE} must be a whole number of seconds from ${FEWEST_SECONDS} to ${MOST_SECONDS}, or unset for every minute; it is "${value}"`)
  }
  return { interval: seconds * 1000 }
}
