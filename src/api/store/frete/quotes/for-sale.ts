/** What a variant row must carry for `isForSale`: its product's status and sales channels. */
export interface SaleFacts {
  product?: { status?: string | null; sales_channels?: Array<{ id?: string | null } | null> | null } | null
}

/** The fields of a variant, through `query.graph`, that `isForSale` reads. */
export const SALE_FIELDS = ["product.status", "product.sales_channels.id"]

/**
 * Whether a shopper holding this publishable key can buy the variant: its product is published and
 * sold in one of the key's sales channels, as Medusa's store product routes decide what a
 * storefront sees. A draft, or a product of another channel, is not priced: the route would
 * otherwise spend the merchant's freight quota on it and tell a shopper it ships.
 */
export function isForSale(variant: SaleFacts, salesChannelIds: string[]): boolean {
  const product = variant.product
  return product?.status === "published" && (product.sales_channels ?? []).some((channel) => !!channel?.id && salesChannelIds.includes(channel.id))
}
