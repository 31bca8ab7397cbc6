// The provider registered in the fulfillment module while the plugin itself is missing from
// `plugins`: every call answers a MedusaError that names the fix, never an unexplained 500.
import { logger } from "@medusajs/framework/logger"
import { createMedusaContainer, MedusaError } from "@medusajs/framework/utils"
import { withMedusaScope } from "../../../bridge/medusa-bridge"
import FreteFulfillmentProviderService from "../service"

describe("the fulfillment provider without the plugin's module", () => {
  const provider = new FreteFulfillmentProviderService({ logger })
  const context = { currency_code: "brl", items: [], shipping_address: { postal_code: "01310-100" } }
  // The container of a request of a Medusa app that loaded the provider but not the plugin's module.
  const scope = createMedusaContainer()

  it.each([
    ["listing its options", () => provider.getFulfillmentOptions()],
    ["pricing a cart", () => provider.calculatePrice({ id: "cheapest" }, {}, context)],
    ["validating a shipping method", () => provider.validateFulfillmentData({ id: "cheapest" }, {}, context)],
  ])("refuses %s with the fix: add the plugin to `plugins`", async (_what, call) => {
    const error = await withMedusaScope<Promise<unknown>>(scope, call).then(
      () => null,
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_module_missing" })
    expect((error as MedusaError).message).toMatch(/`plugins` no medusa-config\.ts/)
  })

  it("refuses pricing outside a Medusa request, saying how to give it the container", async () => {
    const error = await provider.calculatePrice({ id: "cheapest" }, {}, context).then(
      () => null,
      (caught: unknown) => caught
    )
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_outside_request" })
    expect((error as MedusaError).message).toMatch(/withMedusaScope\(container/)
  })
})
