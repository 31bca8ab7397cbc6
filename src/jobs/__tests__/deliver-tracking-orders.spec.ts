// The delivery job's schedule as Medusa reads it from the job file: FRETE_TRACKING_JOB_SECONDS,
// read when the file is loaded. (The multi-instance test's worker sets it to 5 s; it would only be
// slower, not failing, were the variable ignored.)
import { EVERY_MINUTE } from "../../lib/tracking/job-schedule"

type JobFile = { config: { name: string; schedule: unknown } }

/** The job file loaded afresh with the variable set to `value` (unset when undefined). */
function jobFileWith(value: string | undefined): JobFile {
  const saved = process.env.FRETE_TRACKING_JOB_SECONDS
  if (value === undefined) delete process.env.FRETE_TRACKING_JOB_SECONDS
  else process.env.FRETE_TRACKING_JOB_SECONDS = value
  try {
    let loaded: JobFile | undefined
    jest.isolateModules(() => {
      // A fresh copy of the module, read with the variable in force: `import()` does not go through isolateModules.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require("../deliver-tracking-orders") as JobFile
    })
    return loaded as JobFile
  } finally {
    if (saved === undefined) delete process.env.FRETE_TRACKING_JOB_SECONDS
    else process.env.FRETE_TRACKING_JOB_SECONDS = saved
  }
}

describe("the delivery job's schedule", () => {
  it("is every minute on the minute without FRETE_TRACKING_JOB_SECONDS", () => {
    expect(jobFileWith(undefined).config).toEqual({ name: "frete-deliver-tracking-orders", schedule: EVERY_MINUTE })
  })

  it("is Medusa's interval of FRETE_TRACKING_JOB_SECONDS seconds when set", () => {
    expect(jobFileWith("5").config).toEqual({ name: "frete-deliver-tracking-orders", schedule: { interval: 5_000 } })
  })

  it("stops the job file's loading, hence Medusa's boot, on a value out of range", () => {
    expect(() => jobFileWith("2")).toThrow(
      /FRETE_TRACKING_JOB_SECONDS must be a whole number of seconds from 5 to 3600/
    )
  })
})
