// Imported first by a spec whose tests run the tracking delivery job themselves: Medusa's schedule
// (every minute on the minute) would otherwise send a row in the middle of a test that checks its
// in-between state. The job file reads FRETE_TRACKING_JOB_SECONDS once, when it is first loaded,
// and a case file's import of the job loads it before any hook runs: so the variable is set here,
// at import time, not in the runner's `env` (applied in its `beforeAll`, too late).
import { JOB_SECONDS_VARIABLE } from "../../src/lib/tracking/job-schedule"

/** The longest interval the variable takes: an hour, more than any spec file runs. */
export const DELIVERY_JOB_SECONDS = 3600

process.env[JOB_SECONDS_VARIABLE] = String(DELIVERY_JOB_SECONDS)
