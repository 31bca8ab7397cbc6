// The bench's baseline: a calculated-price provider that answers a constant at once, so that
// Medusa's own cost of `POST /store/shipping-options/:id/calculate` can be measured beside the
// plugin's. (Medusa's manual provider refuses that route: it throws, HTTP 500.) Not shipped.
import { AbstractFulfillmentProviderService, ModuleProvider, Modules } from "@medusajs/framework/utils"

class ConstantPriceProviderService extends AbstractFulfillmentProviderService {
  static identifier = "constant"

  async getFulfillmentOptions() {
    return [{ id: "constant", name: "Preço constante (bench)" }]
  }

  async validateOption(): Promise<boolean> {
    return true
  }

  async canCalculate(): Promise<boolean> {
    return true
  }

  async calculatePrice() {
    return { calculated_amount: 15, is_calculated_price_tax_inclusive: false }
  }

  async validateFulfillmentData(_optionData: Record<string, unknown>, data: Record<string, unknown>) {
    return data
  }

  async createFulfillment() {
    return { data: {}, labels: [] }
  }

  async cancelFulfillment() {
    return {}
  }

  async createReturnFulfillment() {
    return { data: {}, labels: [] }
  }
}

export default ModuleProvider(Modules.FULFILLMENT, { services: [ConstantPriceProviderService] })
