import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminProduct, DetailWidgetProps } from "@medusajs/framework/types"
import { Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { TextInput } from "../components/common/text-input"
import { useHandlingDays, useSaveHandlingDays } from "../hooks/use-handling-days"
import { toApiError } from "../lib/api-error"

/** The most handling days a product may have (the server refuses more). */
const MAX_DAYS = 365

/** The typed text as days: null for an empty field (no value of its own), undefined when not 0 to 365 whole days. */
function daysFrom(text: string): number | null | undefined {
  const trimmed = text.trim()
  if (trimmed === "") return null
  return /^\d+$/.test(trimmed) && Number(trimmed) <= MAX_DAYS ? Number(trimmed) : undefined
}

/**
 * The product's handling days (a metadata key of the settings; Medusa has no such field): the
 * days before it can leave, added to the freight deadline at checkout. Variants with a value of
 * their own are listed: theirs wins over the product's.
 */
const ProductHandlingDaysWidget = ({ data: product }: DetailWidgetProps<AdminProduct>) => {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useHandlingDays(product.id)
  const save = useSaveHandlingDays(product.id)
  const [text, setText] = useState("")
  useEffect(
    () => setText(data?.handling_days === null || data?.handling_days === undefined ? "" : String(data.handling_days)),
    [data?.handling_days]
  )
  const days = daysFrom(text)
  const overrides = (data?.variants ?? []).filter((variant) => variant.handling_days !== null)

  const onSave = () => {
    if (days === undefined) return
    save.mutate(days, {
      onSuccess: () => toast.success(t("frete.handlingDays.saved")),
      onError: (failure) => toast.error(toApiError(failure).message),
    })
  }

  return (
    <Container className="divide-y p-0" data-testid="frete-handling-days-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{t("frete.handlingDays.title")}</Heading>
      </div>
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("frete.common.loading")}
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {toApiError(error).message}
        </Text>
      )}
      {data && (
        <div className="flex flex-col gap-y-3 px-6 py-4">
          <TextInput
            id="frete-handling-days"
            label={t("frete.handlingDays.label")}
            hint={t("frete.handlingDays.hint", { key: data.metadata_key })}
            inputMode="numeric"
            placeholder="0"
            value={text}
            onChange={setText}
            messages={days === undefined ? [t("frete.handlingDays.invalid", { max: MAX_DAYS })] : []}
          />
          {overrides.length > 0 && (
            <div className="flex flex-col gap-y-1" data-testid="frete-handling-days-variants">
              <Text size="small" weight="plus">
                {t("frete.handlingDays.variantsTitle")}
              </Text>
              {overrides.map((variant) => (
                <Text key={variant.id} size="small" className="text-ui-fg-subtle">
                  {t(
                    variant.handling_days === 1 ? "frete.handlingDays.variantOne" : "frete.handlingDays.variantOther",
                    { name: variant.title ?? variant.sku ?? variant.id, days: variant.handling_days ?? 0 }
                  )}
                </Text>
              ))}
            </div>
          )}
          <div className="flex justify-end">
            <Button
              size="small"
              variant="secondary"
              onClick={onSave}
              isLoading={save.isPending}
              disabled={days === undefined}
              data-testid="frete-handling-days-save"
            >
              {t("frete.handlingDays.save")}
            </Button>
          </div>
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "product.details.side.after",
})

export default ProductHandlingDaysWidget
