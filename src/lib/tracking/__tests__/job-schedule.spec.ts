import { deliveryJobSchedule, EVERY_MINUTE } from "../job-schedule"

describe("deliveryJobSchedule", () => {
  it("runs every minute on the minute when the variable is unset or empty", () => {
    expect([deliveryJobSchedule(undefined), deliveryJobSchedule(""), deliveryJobSchedule("  ")]).toEqual([
      EVERY_MINUTE,
      EVERY_MINUTE,
      EVERY_MINUTE,
    ])
  })

  it("runs every so many seconds, from 5 to 3600, as Medusa's interval in milliseconds", () => {
    expect([deliveryJobSchedule("5"), deliveryJobSchedule(" 30 "), deliveryJobSchedule("3600")]).toEqual([
      { interval: 5_000 },
      { interval: 30_000 },
      { interval: 3_600_000 },
    ])
  })

  it.each(["4", "3601", "0", "-10", "7.5", "30s", "* * * * *", "abc"])(
    "stops the boot with a sentence naming the variable for %j",
    (value) => {
      expect(() => deliveryJobSchedule(value)).toThrow(
        `FRETE_TRACKING_JOB_SECONDS must be a whole number of seconds from 5 to 3600, or unset for every minute; it is "${value}"`
      )
    }
  )
})
