import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { listProductsMissingDimensions } from "../../lib/api"
import { toApiError } from "../../lib/api-error"
import { textFromNumber } from "../../lib/form-values"
import { queryKeys } from "../../lib/query-keys"
import type { DefaultPackage } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { MissingDimensionsProduct } from "./missing-dimensions-product"

const PAGE_SIZE = 20

function packageText(pkg: DefaultPackage): string {
  return `${textFromNumber(pkg.weight_kg)} kg; ${textFromNumber(pkg.length_cm)} × ${textFromNumber(pkg.width_cm)} × ${textFromNumber(pkg.height_cm)} cm`
}

/** Products with a variant lacking weight or a measure, linked to their edit pages. */
export const MissingDimensionsSection = ({ defaultPackage }: { defaultPackage: DefaultPackage }) => {
  const { t } = useTranslation()
  const [offset, setOffset] = useState(0)
  const page = { limit: PAGE_SIZE, offset }
  const { data, isPending, isError, error } = useQuery({
    queryKey: queryKeys.productsMissingDimensions(page),
    queryFn: () => listProductsMissingDimensions(page),
    placeholderData: keepPreviousData,
  })
  const count = data?.count ?? 0
  const shownTo = Math.min(offset + PAGE_SIZE, count)

  return (
    <SettingsSection
      id="missing-dimensions"
      title={t("frete.missing.title")}
      description={t("frete.missing.description", { package: packageText(defaultPackage) })}
    >
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-missing-loading">
          {t("frete.common.loading")}
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error" data-testid="frete-missing-error">
          {toApiError(error).message}
        </Text>
      )}
      {data && data.count === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-missing-empty">
          {t("frete.missing.empty")}
        </Text>
      )}
      {data && data.products.length > 0 && (
        <ul className="flex flex-col divide-y" data-testid="frete-missing-list">
          {data.products.map((product) => (
            <MissingDimensionsProduct key={product.id} product={product} />
          ))}
        </ul>
      )}
      {data && (count > 0 || offset > 0) && (
        <div className="flex items-center justify-between">
          <Text size="small" className="text-ui-fg-subtle" data-testid="frete-missing-count">
            {t(count === 1 ? "frete.missing.countOne" : "frete.missing.countOther", {
              from: Math.min(offset + 1, count),
              to: shownTo,
              total: count,
            })}
          </Text>
          <div className="flex items-center gap-x-2">
            <Button
              type="button"
              size="small"
              variant="secondary"
              data-testid="frete-missing-prev"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            >
              {t("frete.missing.previous")}
            </Button>
            <Button
              type="button"
              size="small"
              variant="secondary"
              data-testid="frete-missing-next"
              disabled={offset + PAGE_SIZE >= count}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              {t("frete.missing.next")}
            </Button>
          </div>
        </div>
      )}
    </SettingsSection>
  )
}
