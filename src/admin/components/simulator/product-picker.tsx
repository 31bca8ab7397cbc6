import { useTranslation } from "react-i18next"
import { SearchPicker } from "../common/search-picker"
import { searchVariants, type PickableVariant } from "./simulator-api"

export const variantLabel = (variant: PickableVariant) =>
  [variant.product, variant.title, variant.sku && `(${variant.sku})`].filter(Boolean).join(" · ")

/** A search of the store's products; each variant found can be added to the cart. */
export const ProductPicker = ({ onPick }: { onPick: (variant: PickableVariant) => void }) => {
  const { t } = useTranslation()
  return (
    <SearchPicker
      id="frete-simulator-search"
      label={t("frete.simulator.search")}
      placeholder={t("frete.simulator.searchPlaceholder")}
      empty={t("frete.simulator.searchEmpty")}
      queryKey="simulator-variants"
      search={searchVariants}
      keyOf={(variant) => variant.id}
      labelOf={variantLabel}
      onPick={onPick}
    />
  )
}
