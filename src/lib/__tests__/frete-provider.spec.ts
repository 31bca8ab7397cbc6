import { FRETE_PROVIDER_ID, FRETE_PROVIDER_IDENTIFIER, isFreteProvider } from "../frete-provider"
import FreteProviderService from "../../providers/frete/service"
import { freteSettingsSchema } from "../settings/schema"

describe("isFreteProvider", () => {
  it.each(["frete_frete", "frete_sp"])("tells %p as this plugin's provider", (id) => {
    expect(isFreteProvider(id)).toBe(true)
  })

  it.each(["manual_manual", "frete", "fretes_frete", "xfrete_frete", "", null, undefined, 42])(
    "tells %p as another provider's (or none)",
    (id) => {
      expect(isFreteProvider(id)).toBe(false)
    }
  )

  it("names the provider as Medusa does: the provider's identifier, then the id of its documented registration", () => {
    expect(FRETE_PROVIDER_IDENTIFIER).toBe(FreteProviderService.identifier)
    expect(FRETE_PROVIDER_ID).toBe("frete_frete")
  })

  it("is the default of the providers whose shipments get a tracking order", () => {
    expect(freteSettingsSchema.parse({}).tracking.provider_ids).toEqual(["frete_frete"])
  })
})
