import { Button, Input, Label, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useDeferredValue, useState } from "react"
import { useTranslation } from "react-i18next"
import { searchVariants, type PickableVariant } from "./simulator-api"

type ProductPickerProps = { onPick: (variant: PickableVariant) => void }

export const variantLabel = (variant: PickableVariant) =>
  [variant.product, variant.title, variant.sku && `(${variant.sku})`].filter(Boolean).join(" · ")

/** A search of the store's products; each variant found can be added to the cart. */
export const ProductPicker = ({ onPick }: ProductPickerProps) => {
  const { t } = useTranslation()
  const [text, setText] = useState("")
  const search = useDeferredValue(text.trim())
  const { data, isFetching } = useQuery({
    queryKey: ["frete", "simulator", "variants", search],
    queryFn: () => searchVariants(search),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  })
  const found = search ? (data ?? []) : []

  return (
    <div className="flex flex-col gap-y-2">
      <Label htmlFor="frete-simulator-search" size="small" weight="plus">
        {t("frete.simulator.search")}
      </Label>
      <Input
        id="frete-simulator-search"
        data-testid="frete-simulator-search"
        size="small"
        type="search"
        autoComplete="off"
        placeholder={t("frete.simulator.searchPlaceholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {search && !isFetching && found.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-simulator-search-empty">
          {t("frete.simulator.searchEmpty")}
        </Text>
      )}
      {found.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" data-testid="frete-simulator-search-results">
          {found.map((variant) => (
            <li key={variant.id} className="flex items-center justify-between gap-x-4 px-3 py-2">
              <Text size="small">{variantLabel(variant)}</Text>
              <Button
                type="button"
                size="small"
                variant="secondary"
                data-testid={`frete-simulator-add-${variant.id}`}
                onClick={() => onPick(variant)}
              >
                {t("frete.simulator.add")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
