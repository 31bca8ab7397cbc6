// The files of the merchant's settings and credentials, the status route, the admin's bounded
// probes of the services, a store not configured for tracking and a tracking API that refuses the
// connection. Each file gives what it needs of its
// own (the sandbox's token and credential, FRETE_* variables, plugin options:
// FreteConfiguredCases), put in force before its first test as a restart with them would, and
// taken back after its last. One of the groups of store.spec.ts.
import type { FreteCaseFiles } from "../helpers/frete-runner"
import { adminProbesCases } from "./admin-probes.cases"
import { statusCases } from "../http/status.cases"
import { trackingConnectCases } from "../tracking/tracking-connect.cases"
import { trackingUnconfiguredCases } from "../tracking/tracking-unconfigured.cases"
import { secretPairingCases } from "./secret-pairing.cases"
import { settingsSaveCases } from "./settings-save.cases"
import { settingsSecretsCases } from "./settings-secrets.cases"

export const settingsAndStatusFiles: FreteCaseFiles = {
  "settings-secrets": settingsSecretsCases,
  "settings-save": settingsSaveCases,
  "secret-pairing": secretPairingCases,
  status: statusCases,
  "admin-probes": adminProbesCases,
  "tracking-unconfigured": trackingUnconfiguredCases,
  "tracking-connect": trackingConnectCases,
}
