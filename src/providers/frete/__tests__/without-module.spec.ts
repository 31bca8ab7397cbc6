// The provider in a store that set it up halfway: every call answers a MedusaError that names the
// fix, never an unexplained 500. Its container is built as Medusa builds the fulfillment module's:
// each of the entry's `dependencies` resolved, at call time, from the app's container.
import { asFunction } from "@medusajs/framework/awilix"
import { createMedusaContainer, MedusaError } from "@medusajs/framework/utils"
import FreteFulfillmentProviderService from "../service"

function providerIn(dependencies: string[]) {
  const app = createMedusaContainer()
  const fulfillmentModule = createMedusaContainer()
  for (const key of dependencies) {
    fulfillmentModule.register(
      key,
      asFunction(() => app.resolve(key, { allowUnregistered: true }))
    )
  }
  return new FreteFulfillmentProviderService(fulfillmentModule.cradle)
}

const context = { currency_code: "brl", items: [], shipping_address: { postal_code: "01310-100" } }
const calls: Array<[string, (provider: FreteFulfillmentProviderService) => Promise<unknown>]> = [
  ["listing its options", (provider) => provider.getFulfillmentOptions()],
  ["pricing a cart", (provider) => provider.calculatePrice({ id: "cheapest" }, {}, context)],
  ["validating a shipping method", (provider) => provider.validateFulfillmentData({ id: "cheapest" }, {}, context)],
]

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (caught: unknown) => caught
  )

describe("the fulfillment provider", () => {
  it.each(calls)("without the plugin in `plugins`, refuses %s with the fix", async (_what, call) => {
    const error = await failureOf(call(providerIn(["frete", "query", "locking"])))
    expect(error).toBeInstanceOf(MedusaError)
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_module_missing" })
    expect((error as MedusaError).message).toMatch(
      /Adicione \{ resolve: "medusa-plugin-frete" \} a `plugins` no medusa-config\.ts/
    )
  })

  it.each(calls)("without the fulfillment module's `dependencies`, refuses %s naming them", async (_what, call) => {
    const error = await failureOf(call(providerIn([])))
    expect(error).toMatchObject({ type: MedusaError.Types.NOT_ALLOWED, code: "frete_dependencies_missing" })
    expect((error as MedusaError).message).toContain('adicione dependencies: ["frete","query","locking"]')
  })
})
