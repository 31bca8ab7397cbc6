// The demo's Brazilian store, made through the admin API. Idempotent: every step looks for what
// it would create and creates it only when it is not there, so a second run seeds nothing twice.
import type { AxiosInstance } from "axios"
import {
  createFreteOption,
  createFreteReturnOption,
  createProduct,
  type ProductInput,
  type StoreContext,
} from "../lib/store-api"

export interface DemoStore extends StoreContext {
  optionIds: Record<string, string>
  variantIds: Record<string, string>
}

type Admin = StoreContext["admin"]
type Log = (line: string) => void

export const DEMO_ORIGIN_CEP = "01310-100"

export const DEMO_PRODUCTS: Array<ProductInput & { handle: string }> = [
  {
    title: "Camiseta básica",
    handle: "camiseta-basica",
    sku: "CAMISETA-BASICA",
    price: 79.9,
    weight: 300,
    length: 30,
    width: 20,
    height: 4,
  },
  {
    title: "Caneca de cerâmica",
    handle: "caneca-ceramica",
    sku: "CANECA-CERAMICA",
    price: 49.9,
    weight: 450,
    length: 12,
    width: 12,
    height: 10,
  },
  {
    title: "Luminária de mesa",
    handle: "luminaria-mesa",
    sku: "LUMINARIA-MESA",
    price: 219,
    weight: 1800,
    length: 40,
    width: 25,
    height: 25,
  },
  // No weight, no dimensions: priced with the settings' default package, and listed as missing them.
  { title: "Pôster ilustrado", handle: "poster-ilustrado", sku: "POSTER-ILUSTRADO", price: 39.9 },
]

/**
 * Three distinct offers for every CEP the sandbox prices: its cheapest is always Jadlog's .Package
 * and its fastest SEDEX or Azul Cargo, and PAC is neither (an option of one of those services would
 * show the shopper the same offer twice).
 */
export const DEMO_OPTIONS: Array<{ id: string; name: string }> = [
  { id: "cheapest", name: "Frete econômico" },
  { id: "fastest", name: "Frete expresso" },
  { id: "correios-pac", name: "PAC" },
]

/** The return option (`is_return`): the cheapest service, from the shopper's CEP to the store's. */
export const DEMO_RETURN_OPTION = { id: "cheapest", name: "Devolução (frete calculado)" }

export const DEMO_SETTINGS = {
  origin_cep: DEMO_ORIGIN_CEP,
  rules: [{ name: "Um dia para separar o pedido", action: { type: "days", value: 1 } }],
  services: [
    { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
    { metaname: "correios-pac", name: "Correios - PAC", display_name: "PAC" },
    { metaname: "jadlog-package", name: "Jadlog - .Package", display_name: "Jadlog .Package" },
    { metaname: "azul-amanha", name: "Azul Cargo - Amanhã" },
  ],
  fallback: [
    {
      service: "correios-pac",
      name: "PAC",
      carrier: "correios",
      bands: [
        { max_weight_kg: 2, price: 29.9, days: 8 },
        { max_weight_kg: 30, price: 69.9, days: 10 },
      ],
    },
    {
      service: "correios-sedex",
      name: "SEDEX",
      carrier: "correios",
      bands: [{ max_weight_kg: 30, price: 89.9, days: 4 }],
    },
  ],
  tracking: {
    company_document: "11.222.333/0001-81",
    entry_source: "Loja Demo",
    carriers: [
      { service: "correios-sedex", carrier_id: "2f1c9a7e-0d2b-4b6e-9f3a-5c8d7e6b1a20", carrier_name: "Correios" },
      { service: "correios-pac", carrier_id: "2f1c9a7e-0d2b-4b6e-9f3a-5c8d7e6b1a20", carrier_name: "Correios" },
      { service: "jadlog-package", carrier_id: "7a4e2c1b-3f5d-4e6a-8b9c-0d1e2f3a4b5c", carrier_name: "Jadlog" },
    ],
  },
}

async function findOrCreate<T>(
  log: Log,
  what: string,
  find: () => Promise<T | undefined>,
  create: () => Promise<T>
): Promise<T> {
  const found = await find()
  if (found !== undefined) {
    return found
  }
  log(`  + ${what}`)
  return create()
}

type Location = {
  id: string
  fulfillment_sets?: Array<{ id: string; type: string; service_zones?: Array<{ id: string }> }>
}

/**
 * A store in São Paulo selling in BRL: region, sales channel and publishable key, stock location
 * with its CEP and this plugin's provider, shipping profile, fulfillment set and service zone for
 * Brazil, the plugin's settings, four products (one without measures), three calculated shipping
 * options of this provider and its return option.
 */
export async function seedDemoStore(api: AxiosInstance, admin: Admin, log: Log = () => undefined): Promise<DemoStore> {
  const { data: stores } = await api.get("/admin/stores", admin)
  await api.post(
    `/admin/stores/${stores.stores[0].id}`,
    { name: "Loja Demo", supported_currencies: [{ currency_code: "brl", is_default: true }] },
    admin
  )

  const salesChannelId = await findOrCreate(
    log,
    "sales channel Loja Demo",
    async () =>
      (await api.get("/admin/sales-channels", { ...admin, params: { name: "Loja Demo" } })).data.sales_channels[0]?.id,
    async () => (await api.post("/admin/sales-channels", { name: "Loja Demo" }, admin)).data.sales_channel.id
  )
  const publishableKey: string = await findOrCreate(
    log,
    "publishable key Vitrine Demo",
    async () =>
      (await api.get("/admin/api-keys", { ...admin, params: { type: "publishable", limit: 100 } })).data.api_keys.find(
        (key: { title: string; revoked_at: string | null }) => key.title === "Vitrine Demo" && !key.revoked_at
      )?.token,
    async () => {
      const { data } = await api.post("/admin/api-keys", { title: "Vitrine Demo", type: "publishable" }, admin)
      await api.post(`/admin/api-keys/${data.api_key.id}/sales-channels`, { add: [salesChannelId] }, admin)
      return data.api_key.token
    }
  )
  const regionId = await findOrCreate(
    log,
    "region Brasil (BRL)",
    async () =>
      (await api.get("/admin/regions", { ...admin, params: { limit: 100 } })).data.regions.find(
        (region: { name: string }) => region.name === "Brasil"
      )?.id,
    async () =>
      (
        await api.post(
          "/admin/regions",
          { name: "Brasil", currency_code: "brl", countries: ["br"], payment_providers: ["pp_system_default"] },
          admin
        )
      ).data.region.id
  )

  const locationFields = { fields: "id,name,*fulfillment_sets,*fulfillment_sets.service_zones" }
  let location: Location = await findOrCreate(
    log,
    `stock location CD São Paulo (CEP ${DEMO_ORIGIN_CEP})`,
    async () =>
      (
        await api.get("/admin/stock-locations", { ...admin, params: { ...locationFields, limit: 100 } })
      ).data.stock_locations.find((candidate: { name: string }) => candidate.name === "CD São Paulo"),
    async () => {
      const address = {
        address_1: "Avenida Paulista, 1000",
        city: "São Paulo",
        province: "SP",
        country_code: "br",
        postal_code: DEMO_ORIGIN_CEP,
      }
      const { data } = await api.post("/admin/stock-locations", { name: "CD São Paulo", address }, admin)
      await api.post(
        `/admin/stock-locations/${data.stock_location.id}/sales-channels`,
        { add: [salesChannelId] },
        admin
      )
      await api.post(
        `/admin/stock-locations/${data.stock_location.id}/fulfillment-providers`,
        { add: ["manual_manual", "frete_frete"] },
        admin
      )
      return data.stock_location
    }
  )
  if (!location.fulfillment_sets?.some((set) => set.type === "shipping")) {
    log("  + fulfillment set Entregas Brasil")
    location = (
      await api.post(
        `/admin/stock-locations/${location.id}/fulfillment-sets`,
        { name: "Entregas Brasil", type: "shipping" },
        { ...admin, params: locationFields }
      )
    ).data.stock_location
  }
  const fulfillmentSet = location.fulfillment_sets?.find((set) => set.type === "shipping")
  if (!fulfillmentSet) {
    throw new Error("the stock location has no shipping fulfillment set")
  }
  const serviceZoneId: string = await findOrCreate(
    log,
    "service zone Brasil",
    async () => fulfillmentSet.service_zones?.[0]?.id,
    async () =>
      (
        await api.post(
          `/admin/fulfillment-sets/${fulfillmentSet.id}/service-zones`,
          { name: "Brasil", geo_zones: [{ type: "country", country_code: "br" }] },
          admin
        )
      ).data.fulfillment_set.service_zones[0].id
  )
  const shippingProfileId: string = await findOrCreate(
    log,
    "shipping profile",
    async () =>
      (await api.get("/admin/shipping-profiles", { ...admin, params: { type: "default" } })).data.shipping_profiles[0]
        ?.id,
    async () =>
      (await api.post("/admin/shipping-profiles", { name: "Padrão", type: "default" }, admin)).data.shipping_profile.id
  )

  await api.post("/admin/frete/settings", DEMO_SETTINGS, admin)

  const context: StoreContext = {
    admin,
    store: { headers: { "x-publishable-api-key": publishableKey } },
    salesChannelId,
    regionId,
    stockLocationId: location.id,
    shippingProfileId,
    serviceZoneId,
  }

  const variantIds: Record<string, string> = {}
  for (const product of DEMO_PRODUCTS) {
    variantIds[product.handle] = await findOrCreate(
      log,
      `product ${product.title}`,
      async () =>
        (await api.get("/admin/products", { ...admin, params: { handle: product.handle, fields: "id,*variants" } }))
          .data.products[0]?.variants[0]?.id,
      async () => (await createProduct(api, context, product)).variantId
    )
  }

  const { data: existingOptions } = await api.get("/admin/shipping-options", {
    ...admin,
    params: { service_zone_id: serviceZoneId, limit: 100 },
  })
  const optionIds: Record<string, string> = {}
  for (const option of DEMO_OPTIONS) {
    optionIds[option.id] = await findOrCreate(
      log,
      `shipping option ${option.name} (calculated, frete_frete)`,
      async () =>
        existingOptions.shipping_options.find((candidate: { name: string }) => candidate.name === option.name)?.id,
      () => createFreteOption(api, context, option.id, option.name)
    )
  }

  optionIds.return = await findOrCreate(
    log,
    `return option ${DEMO_RETURN_OPTION.name} (calculated, frete_frete)`,
    async () =>
      existingOptions.shipping_options.find((candidate: { name: string }) => candidate.name === DEMO_RETURN_OPTION.name)
        ?.id,
    () => createFreteReturnOption(api, context, DEMO_RETURN_OPTION.id, DEMO_RETURN_OPTION.name)
  )

  return { ...context, optionIds, variantIds }
}
