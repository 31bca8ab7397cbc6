export const JOB_SECONDS_VARIABLE = "FRETE_TRACKING_JOB_SECONDS"

export const EVERY_MINUTE = "* * * * *"

/** Unset: every minute. Anything but 5 to 3600 whole seconds stops Medusa's boot, rather than a job never running. */
export function deliveryJobSchedule(value: string | undefined): string | { interval: number } {
  if (value === undefined || value.trim() === "") return EVERY_MINUTE
  const seconds = Number(value.trim())
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 3600) {
    throw new Error(
      `${JOB_SECONDS_VARIABLE} must be a whole number of seconds from 5 to 3600, or unset for every minute; it is "${value}"`
    )
  }
  return { interval: seconds * 1000 }
}
