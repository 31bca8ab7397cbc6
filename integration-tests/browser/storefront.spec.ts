// The shopper's side in a real browser: the demo's storefront, built on the plugin's storefront
// kit, against one Medusa server with this plugin and its dashboard (Debian's Chromium, driven by
// playwright-core). Every page loads a reset like Tailwind's preflight first, as the storefronts
// merchants start from do; then the kit's stylesheet and the shop's own (or less, where a test
// says so).
//
// Merchants read the plugin's admin on the same server first, each on a page of their own, with
// the store as the README sets it up and the URLs and secrets given to the server (FRETE_*): one
// whose dashboard starts in English and switches to Portuguese (admin-language.cases.ts), one who
// reads the settings page in Portuguese (admin-settings-page.cases.ts). The secrets saved from the
// admin, the shipping options and the order widget's actions are in admin-dashboard.spec.ts (a
// server whose freight token is not set).
//
// Then three files of the shopper's cases share the storefront and the shopper's page, in this
// order: checkout, after the order, the product page (whose last test lowers the client's bound
// of new CEPs). A test that changes the settings or the sandbox puts them back; each takes CEPs
// of its own where it counts freight calls, as the server keeps its quote answers.
import { startedForFile, startStorefrontSession } from "../helpers/browser-store"
import { languageCases } from "./admin-language.cases"
import { settingsPageCases } from "./admin-settings-page.cases"
import { afterTheOrderCases } from "./after-the-order.cases"
import { checkoutCases } from "./storefront-checkout.cases"
import { productPageCases } from "./storefront-product-page.cases"

jest.setTimeout(600_000)

const started = startedForFile("The storefront session", () =>
  startStorefrontSession("storefront", { admin: true, screenshotPrefix: ["admin-language-", "merchant-"] })
)

describe("the plugin's admin in the dashboard's language", () => languageCases(started))
describe("the settings page, as the merchant reads it", () => settingsPageCases(started))
describe("the storefront's checkout, in a browser", () => checkoutCases(started))
describe("after the order, in a browser", () => afterTheOrderCases(started))
describe("the storefront, in a browser", () => productPageCases(started))
