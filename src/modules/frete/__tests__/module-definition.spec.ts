// The module's MedusaService: what Medusa learns of it (its name, the two tables Query and the links
// read) stays as its joiner config declares, whatever other models the service has.
import FreteModule from "../index"
import FreteModuleService from "../service"

type JoinerConfig = {
  serviceName: string
  linkableKeys: Record<string, string>
  alias: Array<{ entity: string; __internal?: { tableName?: string } }>
}

describe("the frete module's definition", () => {
  const config = (FreteModuleService.prototype as unknown as { __joinerConfig(): JoinerConfig }).__joinerConfig()

  it("is the service Medusa loads under the key `frete`", () => {
    expect(FreteModule.service).toBe(FreteModuleService)
    expect(config.serviceName).toBe("frete")
  })

  it("names its two tables, and their ids as linkable keys", () => {
    expect(config.alias.map((alias) => alias.__internal?.tableName).sort()).toEqual([
      "frete_settings",
      "tracking_order",
    ])
    expect(config.linkableKeys).toEqual({ frete_settings_id: "FreteSettings", tracking_order_id: "TrackingOrder" })
  })
})
