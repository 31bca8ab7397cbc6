// The plugin's admin as merchants read it, in a real browser (Debian's Chromium, driven by
// playwright-core) against one demo server with the dashboard (`medusa start`, development mode):
// the store as the README sets it up, URLs and secrets given to the server (FRETE_*). Two merchants, each on a page
// of their own: one whose dashboard starts in English and switches to Portuguese
// (admin-language.cases.ts), one who reads the settings page in Portuguese
// (admin-settings-page.cases.ts). The secrets saved from the admin, the shipping options and the
// order widget's actions are in admin-dashboard.spec.ts.
import { startBrowserStore, startedForFile } from "../helpers/browser-store"
import { languageCases } from "./admin-language.cases"
import { settingsPageCases } from "./admin-settings-page.cases"

jest.setTimeout(600_000)

const started = startedForFile("The admin's server", async () => {
  const merchant = await startBrowserStore({
    name: "merchant",
    admin: true,
    env: {},
    viewport: { width: 1440, height: 1000 },
    screenshotPrefix: ["admin-language-", "merchant-"],
  })
  merchant.page.setDefaultTimeout(120_000)
  return merchant
})

describe("the plugin's admin in the dashboard's language", () => languageCases(started))
describe("the settings page, as the merchant reads it", () => settingsPageCases(started))
