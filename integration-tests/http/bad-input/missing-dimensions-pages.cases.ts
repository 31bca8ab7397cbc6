// GET /admin/frete/products-missing-dimensions over a catalogue larger than a page: Medusa's Query
// finds, pages and counts the products lacking measures; the route reads only the page's products,
// so a request costs a page whatever the catalogue's size, and the pages continue one another.
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Query } from "../../../src/shared/query"
import { badInputCases } from "./bad-input-runner"

type Measures = { weight?: number; length?: number; width?: number; height?: number }
type Listed = { id: string; title: string; variants: Array<{ sku: string; missing: string[] }> }

/** What each flagged product's one variant has, in turn: what it lacks follows from it. */
const FLAGGED_VARIANTS: Array<{ measures: Measures; productWeight?: number; missing: string[] }> = [
  { measures: {}, missing: ["weight", "length", "width", "height"] },
  { measures: { weight: 300 }, missing: ["length", "width", "height"] },
  { measures: { length: 10, width: 10, height: 10 }, missing: ["weight"] },
  { measures: { weight: 300, length: 10, width: 10, height: 1e30 }, missing: ["height"] },
  { measures: { weight: -5, length: 10, width: 0, height: 10 }, productWeight: 200, missing: ["width"] },
]
const FLAGGED = 23
const PAGE = 10
const COMPLETE: Measures = { weight: 300, length: 10, width: 10, height: 10 }
/** The flagged product that also has a complete variant (listed with its lacking one only). */
const MIXED = "Sem medidas 20"

export const missingDimensionsPagesCases = badInputCases(({ api, getContainer, shop, asAdmin }) => {
  describe("GET /admin/frete/products-missing-dimensions over many products", () => {
    const product = (title: string, variants: Array<{ sku: string; measures: Measures }>, productWeight?: number) => {
      const names = variants.map((_, index) => `Modelo ${index + 1}`)
      return {
        title,
        status: "published",
        shipping_profile_id: shop().store.shippingProfileId,
        ...(productWeight === undefined ? {} : { weight: productWeight }),
        options: [{ title: "Modelo", values: names }],
        variants: variants.map(({ sku, measures }, index) => ({
          title: names[index],
          sku,
          options: { Modelo: names[index] },
          manage_inventory: false,
          prices: [{ currency_code: "brl", amount: 30 }],
          ...measures,
        })),
      }
    }

    it("a page of `limit` products in title order, the full count, and pages that continue; only the page's products are read", async () => {
      const { store } = shop()
      const flagged = Array.from({ length: FLAGGED }, (_, index) => {
        const shape = FLAGGED_VARIANTS[index % FLAGGED_VARIANTS.length]
        const number = String(index + 1).padStart(2, "0")
        return { title: `Sem medidas ${number}`, sku: `SEM-MEDIDAS-${number}`, ...shape }
      })
      // Complete ones, among them in title order: one by the product's weight, which stands in for
      // the variant's; one whose variant lacking everything is deleted, one whose only variant is.
      const complete = [
        product("Sem medidas 05a", [{ sku: "COMPLETO-1", measures: COMPLETE }]),
        product("Sem medidas 12a", [{ sku: "COMPLETO-2", measures: { length: 10, width: 10, height: 10 } }], 500),
        product("Sem medidas 17a", [
          { sku: "COMPLETO-3", measures: COMPLETE },
          { sku: "APAGADO-1", measures: {} },
        ]),
        product("Sem medidas 17b", [{ sku: "APAGADO-2", measures: {} }]),
      ]
      const created = await api.post(
        "/admin/products/batch",
        {
          create: [
            ...flagged.map((entry) =>
              product(
                entry.title,
                [...(entry.title === MIXED ? [{ sku: "MISTO-COMPLETO", measures: COMPLETE }] : []), entry],
                entry.productWeight
              )
            ),
            ...complete,
          ],
        },
        store.admin
      )
      const deleted = []
      for (const made of created.data.created as Array<{ id: string; variants: Array<{ id: string; sku: string }> }>) {
        for (const variant of made.variants.filter((entry) => entry.sku.startsWith("APAGADO"))) {
          deleted.push((await api.delete(`/admin/products/${made.id}/variants/${variant.id}`, store.admin)).status)
        }
      }
      expect(deleted).toEqual([200, 200])

      // Every product the route reads through Medusa's Query, counted while the pages are asked for.
      const query = getContainer().resolve<Query>(ContainerRegistrationKeys.QUERY)
      const graph = query.graph
      const readPerPage: number[] = []
      let read = 0
      query.graph = async (config) => {
        const result = await graph.call(query, config)
        if (config.entity === "product") read += result.data.length
        return result
      }
      const pages: Array<{ status: number; count: unknown; limit: unknown; offset: unknown; products: Listed[] }> = []
      try {
        for (let offset = 0; offset < FLAGGED + PAGE; offset += PAGE) {
          read = 0
          const answer = await asAdmin("get", `/admin/frete/products-missing-dimensions?limit=${PAGE}&offset=${offset}`)
          readPerPage.push(read)
          pages.push({
            status: answer.status,
            count: answer.data.count,
            limit: answer.data.limit,
            offset: answer.data.offset,
            products: answer.data.products as Listed[],
          })
        }
      } finally {
        query.graph = graph
      }

      const expectedPages = [0, 10, 20, 30].map((offset) => ({
        status: 200,
        count: FLAGGED,
        limit: PAGE,
        offset,
        titles: flagged.slice(offset, offset + PAGE).map((entry) => entry.title),
      }))
      expect(pages.map(({ products, ...page }) => ({ ...page, titles: products.map((entry) => entry.title) }))).toEqual(
        expectedPages
      )
      // Each product once across the pages, with what its variant lacks.
      expect(
        pages.flatMap((page) =>
          page.products.map((entry) => [entry.title, entry.variants.map((variant) => [variant.sku, variant.missing])])
        )
      ).toEqual(flagged.map((entry) => [entry.title, [[entry.sku, entry.missing]]]))
      expect(new Set(pages.flatMap((page) => page.products.map((entry) => entry.id))).size).toBe(FLAGGED)
      // The catalogue has 28 products: a page reads at most its own.
      expect(readPerPage.map((count, index) => [index, count <= PAGE])).toEqual(
        readPerPage.map((_, index) => [index, true])
      )
    })
  })
})
