import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, QueryContext } from "@medusajs/framework/utils"
import type { QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { numberOf } from "../../../../lib/number-of"
import { quoteRequestFromCart, type CartContext } from "../../../../providers/frete/cart-context"
import type { Query } from "../../../../shared/query"

const FRETE_PROVIDER_ID = "frete_frete"

interface Location {
  address?: { postal_code?: string | null } | null
  fulfillment_providers?: Array<{ id: string }> | null
}

type CartRow = CartContext & { sales_channel_id?: string | null }

/**
 * The CEP the provider's shipping options would ship from: the first stock location of the sales
 * channel that has this provider, else its first stock location with a CEP. Using the same origin
 * as the provider lets the route and checkout share one cached answer. Null: the settings' origin
 * applies.
 */
async function originCepOf(query: Query, salesChannelIds: string[]): Promise<string | null> {
  if (!salesChannelIds.length) return null
  const { data } = await query.graph({
    entity: "sales_channel",
    fields: ["id", "stock_locations.address.postal_code", "stock_locations.fulfillment_providers.id"],
    filters: { id: salesChannelIds },
  })
  const locations = (data as Array<{ stock_locations?: Location[] | null }>).flatMap((channel) => channel.stock_locations ?? [])
  const located = locations.filter((location) => location.address?.postal_code)
  const withProvider = located.find((location) => location.fulfillment_providers?.some((provider) => provider.id === FRETE_PROVIDER_ID))
  return (withProvider ?? located[0])?.address?.postal_code ?? null
}

/** A cart's items, the same fields Medusa gives the provider, with the CEP the shopper typed. */
export async function quoteRequestForCart(container: MedusaContainer, cartId: string, postalCode: string): Promise<QuoteRequest> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "currency_code",
      "sales_channel_id",
      "items.*",
      "items.variant.id",
      "items.variant.sku",
      "items.variant.weight",
      "items.variant.length",
      "items.variant.height",
      "items.variant.width",
      "items.product.weight",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
  }
  const originCep = await originCepOf(query, cart.sales_channel_id ? [cart.sales_channel_id] : [])
  return quoteRequestFromCart({
    ...cart,
    shipping_address: { postal_code: postalCode },
    from_location: { address: { postal_code: originCep } },
  })
}

/** A product page's variants and quantities, priced in BRL, as if they were a cart. */
export async function quoteRequestForItems(
  container: MedusaContainer,
  items: Array<{ variant_id: string; quantity: number }>,
  postalCode: string,
  salesChannelIds: string[]
): Promise<QuoteRequest> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const ids = [...new Set(items.map((item) => item.variant_id))]
  const { data } = await query.graph({
    entity: "variant",
    fields: ["id", "sku", "weight", "length", "height", "width", "product.weight", "calculated_price.calculated_amount"],
    filters: { id: ids },
    context: { calculated_price: QueryContext({ currency_code: "brl" }) },
  })
  const byId = new Map((data as Array<Record<string, unknown>>).map((variant) => [variant.id as string, variant]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Produto não encontrado: ${missing.join(", ")}`)
  }
  return quoteRequestFromCart({
    currency_code: "brl",
    shipping_address: { postal_code: postalCode },
    from_location: { address: { postal_code: await originCepOf(query, salesChannelIds) } },
    items: items.map((item) => {
      const variant = byId.get(item.variant_id) as Record<string, unknown>
      const price = (variant.calculated_price as { calculated_amount?: unknown } | null)?.calculated_amount
      return {
        quantity: item.quantity,
        unit_price: numberOf(price) ?? 0,
        variant_sku: (variant.sku as string | null) ?? null,
        variant_id: item.variant_id,
        variant: variant as CartContext["items"] extends Array<infer I> | null | undefined ? I extends { variant?: infer V } ? V : never : never,
      }
    }),
  })
}
