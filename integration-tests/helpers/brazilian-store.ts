import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import type { StoreContext } from "../../scripts/lib/store-api"
import { createAdminUser } from "./admin-auth"

export const ORIGIN_CEP = "01310-100"

export interface BrazilianStore extends StoreContext {
  fulfillmentSetId: string
}

/**
 * What every integration test of the plugin stands on, made through the admin API as a merchant
 * would: an admin, a sales channel with a publishable key, a region Brasil in BRL, a stock
 * location in São Paulo with its CEP and the given fulfillment providers, a shipping profile, and
 * a shipping fulfillment set whose service zone covers Brazil.
 */
export async function createBrazilianStore(
  api: AxiosInstance,
  container: MedusaContainer,
  { fulfillmentProviders = ["manual_manual"] }: { fulfillmentProviders?: string[] } = {}
): Promise<BrazilianStore> {
  const admin = await createAdminUser(api, container)

  const { data: storeData } = await api.get("/admin/stores", admin)
  await api.post(
    `/admin/stores/${storeData.stores[0].id}`,
    { name: "Loja Teste", supported_currencies: [{ currency_code: "brl", is_default: true }] },
    admin
  )

  const { data: channelData } = await api.post("/admin/sales-channels", { name: "Loja virtual" }, admin)
  const salesChannelId = channelData.sales_channel.id
  const { data: keyData } = await api.post("/admin/api-keys", { title: "Vitrine", type: "publishable" }, admin)
  await api.post(`/admin/api-keys/${keyData.api_key.id}/sales-channels`, { add: [salesChannelId] }, admin)

  const { data: regionData } = await api.post(
    "/admin/regions",
    { name: "Brasil", currency_code: "brl", countries: ["br"], payment_providers: ["pp_system_default"] },
    admin
  )

  const { data: locationData } = await api.post(
    "/admin/stock-locations",
    {
      name: "CD São Paulo",
      address: {
        address_1: "Avenida Paulista, 1000",
        city: "São Paulo",
        province: "SP",
        country_code: "br",
        postal_code: ORIGIN_CEP,
      },
    },
    admin
  )
  const stockLocationId = locationData.stock_location.id
  await api.post(`/admin/stock-locations/${stockLocationId}/sales-channels`, { add: [salesChannelId] }, admin)
  await api.post(
    `/admin/stock-locations/${stockLocationId}/fulfillment-providers`,
    { add: fulfillmentProviders },
    admin
  )

  const { data: profileData } = await api.post(
    "/admin/shipping-profiles",
    { name: "Padrão Brasil", type: "default" },
    admin
  )

  const { data: setData } = await api.post(
    `/admin/stock-locations/${stockLocationId}/fulfillment-sets`,
    { name: "Entregas Brasil", type: "shipping" },
    { ...admin, params: { fields: "id,*fulfillment_sets" } }
  )
  const fulfillmentSetId = setData.stock_location.fulfillment_sets[0].id
  const { data: zoneData } = await api.post(
    `/admin/fulfillment-sets/${fulfillmentSetId}/service-zones`,
    { name: "Brasil", geo_zones: [{ type: "country", country_code: "br" }] },
    admin
  )

  return {
    admin,
    store: { headers: { "x-publishable-api-key": keyData.api_key.token } },
    salesChannelId,
    regionId: regionData.region.id,
    stockLocationId,
    shippingProfileId: profileData.shipping_profile.id,
    fulfillmentSetId,
    serviceZoneId: zoneData.fulfillment_set.service_zones[0].id,
  }
}
