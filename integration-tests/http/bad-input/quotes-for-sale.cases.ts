// The store quote route prices only what the publishable key's storefront sells: a variant of a
// draft product, or of a product of another sales channel, is refused in Portuguese before any
// freight call, as an unknown variant is (Medusa's store routes do not show those products either).
import { badInputCases } from "./bad-input-runner"

/**
 * A CEP no other test of the bad-input group prices (the files share one app, hence one quote
 * cache; `knownCep` in inputs.ts draws from others): the cache cannot hide a freight call.
 */
const CEP = "64000-020"

export const quotesForSaleCases = badInputCases(({ api, shop, asShopper, freightCalls }) => {
  describe("POST /store/frete/quotes with variants the storefront does not sell", () => {
    /** The freight API's quotes; the status check's empty query (`{}`) is not one. */
    const quoteCalls = () => freightCalls().filter((call) => JSON.stringify(call.body) !== "{}")

    /** A product with one variant of plausible measures, in the given sales channels and status: its variant's id. */
    const createProduct = async (title: string, status: "draft" | "published", salesChannelIds: string[]) => {
      const { store } = shop()
      const { data } = await api.post(
        "/admin/products",
        {
          title,
          status,
          shipping_profile_id: store.shippingProfileId,
          sales_channels: salesChannelIds.map((id) => ({ id })),
          options: [{ title: "Modelo", values: ["Único"] }],
          variants: [
            {
              title: "Único",
              sku: title.toUpperCase().replace(/\W+/g, "-"),
              options: { Modelo: "Único" },
              manage_inventory: false,
              prices: [{ currency_code: "brl", amount: 80 }],
              weight: 400,
              length: 20,
              width: 15,
              height: 10,
            },
          ],
        },
        { ...store.admin, params: { fields: "id,*variants" } }
      )
      return data.product.variants[0].id as string
    }

    it("a draft product's variant, or one of another sales channel: 400 in Portuguese and no freight call; the store's own is priced", async () => {
      const { store, variantIds } = shop()
      const { data: other } = await api.post("/admin/sales-channels", { name: "Loja do atacado" }, store.admin)
      const draft = await createProduct("Luminária em rascunho", "draft", [store.salesChannelId])
      const elsewhere = await createProduct("Luminária do atacado", "published", [other.sales_channel.id])
      const cases = [
        { label: "draft", items: [{ variant_id: draft, quantity: 1 }], missing: draft },
        { label: "another sales channel", items: [{ variant_id: elsewhere, quantity: 1 }], missing: elsewhere },
        {
          label: "the store's own and a draft",
          items: [
            { variant_id: variantIds[0], quantity: 1 },
            { variant_id: draft, quantity: 1 },
          ],
          missing: draft,
        },
        {
          label: "the store's own and another channel's",
          items: [
            { variant_id: variantIds[0], quantity: 1 },
            { variant_id: elsewhere, quantity: 2 },
          ],
          missing: elsewhere,
        },
      ]
      const answers = []
      for (const { label, items } of cases) {
        const answer = await asShopper("post", "/store/frete/quotes", { postal_code: CEP, items })
        answers.push([label, answer.status, answer.data.type, answer.data.message])
      }
      expect(answers).toEqual(
        cases.map(({ label, missing }) => [label, 400, "invalid_data", `Produto não encontrado: ${missing}`])
      )
      expect(quoteCalls()).toEqual([])

      // The same CEP with the store's own variant is priced: what was refused above was the variants.
      const sold = await asShopper("post", "/store/frete/quotes", {
        postal_code: CEP,
        items: [{ variant_id: variantIds[0], quantity: 1 }],
      })
      expect([sold.status, (sold.data.quotes as unknown[] | undefined)?.length]).toEqual([200, 1])
      expect(quoteCalls()).toHaveLength(1)
    })

    it("a product taken back to draft, or out of the key's sales channel, stops being priced", async () => {
      const { store } = shop()
      const variantId = await createProduct("Vaso de barro", "published", [store.salesChannelId])
      const { data: found } = await api.get("/admin/product-variants", {
        ...store.admin,
        params: { id: variantId, fields: "product_id" },
      })
      const productId = found.variants[0].product_id as string
      const quote = async () => {
        const answer = await asShopper("post", "/store/frete/quotes", {
          postal_code: "70040-010",
          items: [{ variant_id: variantId, quantity: 1 }],
        })
        return [answer.status, answer.data.message ?? null]
      }
      const before = await quote()
      await api.post(`/admin/products/${productId}`, { status: "draft" }, store.admin)
      const asDraft = await quote()
      await api.post(`/admin/products/${productId}`, { status: "published" }, store.admin)
      await api.post(`/admin/sales-channels/${store.salesChannelId}/products`, { remove: [productId] }, store.admin)
      const outOfChannel = await quote()
      expect({ before, asDraft, outOfChannel }).toEqual({
        before: [200, null],
        asDraft: [400, `Produto não encontrado: ${variantId}`],
        outOfChannel: [400, `Produto não encontrado: ${variantId}`],
      })
    })
  })
})
