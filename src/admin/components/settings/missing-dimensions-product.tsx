import { Photo } from "@medusajs/icons"
import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { MissingMeasure, ProductMissingDimensions } from "../../../lib/admin-contract"

/** Each measure's name is frete.missing.<measure>. */
const MEASURE_KEYS: Record<MissingMeasure, string> = {
  weight: "frete.missing.weight",
  length: "frete.missing.length",
  width: "frete.missing.width",
  height: "frete.missing.height",
}

/** A product and, per variant, the measures it lacks. */
export const MissingDimensionsProduct = ({ product }: { product: ProductMissingDimensions }) => {
  const { t } = useTranslation()
  return (
    <li className="flex items-start gap-x-3 py-3" data-testid={`frete-missing-product-${product.id}`}>
      <div className="bg-ui-bg-component border-ui-border-base flex h-8 w-6 shrink-0 items-center justify-center overflow-hidden rounded border">
        {product.thumbnail ? (
          <img src={product.thumbnail} alt="" className="h-full w-full object-cover object-center" />
        ) : (
          <Photo className="text-ui-fg-subtle" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-y-1">
        <Link
          to={`/products/${product.id}`}
          className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
          data-testid={`frete-missing-product-${product.id}-link`}
        >
          {product.title}
        </Link>
        <ul className="flex flex-col gap-y-0.5">
          {product.variants.map((variant) => (
            <li key={variant.id} data-testid={`frete-missing-variant-${variant.id}`}>
              <Text size="small" className="text-ui-fg-subtle">
                {variant.title ?? t("frete.missing.untitledVariant")}
                {variant.sku ? ` (${variant.sku})` : ""}:{" "}
                {t("frete.missing.lacks", {
                  measures: variant.missing.map((measure) => t(MEASURE_KEYS[measure])).join(", "),
                })}
              </Text>
            </li>
          ))}
        </ul>
      </div>
    </li>
  )
}
