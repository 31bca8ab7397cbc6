import { Badge, Hint, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { listProducts, type NamedRecord } from "../../lib/api"
import { messagesAt } from "../../lib/issues"
import { queryKeys } from "../../lib/query-keys"
import type { FieldIssue } from "../../../lib/admin-contract"
import { FieldErrors } from "../common/field-errors"
import { fieldTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { SearchPicker } from "../common/search-picker"

type RuleProductsProps = {
  /** "rules.0.scope.product_ids" */
  path: string
  ids: string[]
  issues: FieldIssue[]
  onChange: (ids: string[]) => void
}

/** The products of a rule's scope: found by Medusa's search, kept by id, shown by their titles. */
export const RuleProducts = ({ path, ids, issues, onChange }: RuleProductsProps) => {
  const { t } = useTranslation()
  const id = fieldTestId(path)
  const [found, setFound] = useState<NamedRecord[]>([])
  const saved = useQuery({
    queryKey: queryKeys.products(ids),
    queryFn: () => listProducts({ id: ids }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  })
  const named = [...(saved.data ?? []), ...found]
  const pick = (product: NamedRecord) => {
    setFound([...found, product])
    if (!ids.includes(product.id)) onChange([...ids, product.id])
  }

  return (
    <div className="flex flex-col gap-y-2">
      <SearchPicker
        id={`${id}-search`}
        label={t("frete.rules.products")}
        placeholder={t("frete.rules.productSearch")}
        empty={t("frete.rules.productEmpty")}
        queryKey="rule-products"
        search={(text) => listProducts({ q: text })}
        keyOf={(product) => product.id}
        labelOf={(product) => product.name}
        onPick={pick}
      />
      <Hint>{t("frete.rules.productsHint")}</Hint>
      {ids.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" data-testid={id}>
          {ids.map((productId) => {
            const name = named.find((product) => product.id === productId)?.name
            return (
              <li key={productId} className="flex items-center justify-between gap-x-4 px-3 py-1">
                <div className="flex items-center gap-x-2">
                  <Text size="small" data-testid={`${id}-${productId}-name`}>
                    {name ?? productId}
                  </Text>
                  {!name && saved.isSuccess && (
                    <Badge size="2xsmall" color="orange">
                      {t("frete.rules.notFound")}
                    </Badge>
                  )}
                </div>
                <RowActions
                  testId={`${id}-${productId}`}
                  noun={t("frete.rules.productNoun")}
                  onRemove={() => onChange(ids.filter((item) => item !== productId))}
                />
              </li>
            )
          })}
        </ul>
      )}
      <FieldErrors messages={messagesAt(issues, path)} testId={`${id}-error`} />
    </div>
  )
}
