/** The environment variable that sets how often the tracking delivery job runs, in seconds. */
export const JOB_SECONDS_VARIABLE = "FRETE_TRACKING_JOB_SECONDS"

/** Medusa's schedule of a job: a cron expression, or an interval in milliseconds. */
export type JobSchedule = string | { interval: number }

/** On the minute, every minute: the delivery job's schedule when the variable is not set. */
export const EVERY_MINUTE = "* * * * *"
const FEWEST_SECONDS = 5
const MOST_SECONDS = 3600

/**
 * The delivery job's schedule from `FRETE_TRACKING_JOB_SECONDS` (unset or empty: every minute on
 * the minute). A store that wants retries sooner than that sets a whole number of seconds from 5 to
 * 3600; anything else stops Medusa's boot with this sentence, rather than a job that never runs.
 */
export function deliveryJobSchedule(value: string | undefined): JobSchedule {
  if (value === undefined || value.trim() === "") {
    return EVERY_MINUTE
  }
  const seconds = Number(value.trim())
  if (!Number.isInteger(seconds) || seconds < FEWEST_SECONDS || seconds > MOST_SECONDS) {
    throw new Error(`${JOB_SECONDS_VARIABLE} must be a whole number of seconds from ${FEWEST_SECONDS} to ${MOST_SECONDS}, or unset for every minute; it is "${value}"`)
  }
  return { interval: seconds * 1000 }
}
