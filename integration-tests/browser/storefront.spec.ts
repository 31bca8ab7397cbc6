// The shopper's side in a real browser: the demo's storefront, built on the plugin's storefront
// kit, against one Medusa server with this plugin (Debian's Chromium, driven by playwright-core).
// Every page loads a reset like Tailwind's preflight first, as the storefronts merchants start
// from do; then the kit's stylesheet and the shop's own (or less, where a test says so).
//
// Three files of cases share the server, the storefront and the page, in this order: checkout,
// after the order, the product page (whose last test lowers the client's bound of new CEPs). A
// test that changes the settings or the sandbox puts them back; each takes CEPs of its own where
// it counts freight calls, as the server keeps its quote answers.
import { startedForFile, startStorefrontSession } from "../helpers/browser-store"
import { afterTheOrderCases } from "./after-the-order.cases"
import { checkoutCases } from "./storefront-checkout.cases"
import { productPageCases } from "./storefront-product-page.cases"

jest.setTimeout(600_000)

const started = startedForFile("The storefront session", () => startStorefrontSession("storefront"))

describe("the storefront's checkout, in a browser", () => checkoutCases(started))
describe("after the order, in a browser", () => afterTheOrderCases(started))
describe("the storefront, in a browser", () => productPageCases(started))
