import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, AdminOrderShippingMethod, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Heading, Text } from "@medusajs/ui"
import { useMutation, type UseMutationResult } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { toApiError } from "../lib/api-error"
import { getOrderApiPrices } from "../lib/api"
import { formatBrl, formatCalendarDate, formatDays, localeOf } from "../lib/format"
import { Detail } from "../components/common/detail"

/** What this plugin's provider keeps in a shipping method's `data` at checkout (src/lib/checkout/offers.ts). */
type FreightData = {
  service: string
  service_name?: unknown
  carrier?: unknown
  days?: unknown
  delivery_estimate?: unknown
  is_fallback?: unknown
  estimated_from?: unknown
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null)

/** The method's data when this plugin priced it (it names the freight service), else null. */
function freightData(method: AdminOrderShippingMethod): FreightData | null {
  const data = method.data as Record<string, unknown> | null | undefined
  return data && text(data.service) ? (data as FreightData) : null
}

/**
 * The order's freight as checkout priced it: service, carrier, price, the date promised, and a
 * warning when the price was an estimate (the freight API was not answering): from the learned prices or the table.
 * Nothing for an order none of whose shipping methods this plugin priced.
 */
const OrderFreightWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, i18n } = useTranslation()
  const locale = localeOf(i18n.language)
  // Asked only on the merchant's click: it may cost a call to the freight API.
  const askApi = useMutation({ mutationFn: () => getOrderApiPrices(order.id) })
  const methods = (order.shipping_methods ?? []).flatMap((method) => {
    const data = freightData(method)
    return data ? [{ method, data }] : []
  })
  if (methods.length === 0) return null

  return (
    <Container className="divide-y p-0" data-testid="frete-order-freight">
      <div className="px-6 py-4">
        <Heading level="h2">{t("frete.orderFreight.title")}</Heading>
      </div>
      {methods.map(({ method, data }) => {
        const testId = `frete-order-freight-${method.id}`
        const estimate = text(data.delivery_estimate)
        const days = typeof data.days === "number" ? data.days : null
        // Orders placed before learned prices name no source: theirs was the table.
        const estimated = data.is_fallback === true ? (data.estimated_from === "learned" ? "learned" : "table") : null
        return (
          <div key={method.id} className="flex flex-col gap-y-2 px-6 py-4" data-testid={testId}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Text size="small" leading="compact" weight="plus" data-testid={`${testId}-service`}>
                {text(data.service_name) ?? method.name}
              </Text>
              {estimated && (
                <Badge size="2xsmall" color="orange" data-testid={`${testId}-estimated`}>
                  {t(`frete.orderFreight.estimated.${estimated}`)}
                </Badge>
              )}
            </div>
            <Detail label={t("frete.orderFreight.carrier")} testId={`${testId}-carrier`}>
              {text(data.carrier) ?? "—"}
            </Detail>
            <Detail label={t("frete.orderFreight.price")} testId={`${testId}-price`}>
              {Number(method.amount) === 0 ? t("frete.orderFreight.free") : formatBrl(Number(method.amount))}
            </Detail>
            <Detail label={t("frete.orderFreight.promised")} testId={`${testId}-promised`}>
              {estimate ? formatCalendarDate(estimate, locale) : "—"}
            </Detail>
            <Detail label={t("frete.orderFreight.days")} testId={`${testId}-days`}>
              {formatDays(t, days)}
            </Detail>
            {estimated && (
              <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-estimated-hint`}>
                {t(`frete.orderFreight.estimatedHint.${estimated}`)}
              </Text>
            )}
            {estimated && <ApiPrice answer={askApi} methodId={method.id} testId={testId} />}
          </div>
        )
      })}
    </Container>
  )
}

/** "Consultar a API agora", then what the API charges the method's option today, or that it still does not answer. */
function ApiPrice({
  answer,
  methodId,
  testId,
}: {
  answer: UseMutationResult<Awaited<ReturnType<typeof getOrderApiPrices>>, Error, void>
  methodId: string
  testId: string
}) {
  const { t } = useTranslation()
  const error = answer.isError ? toApiError(answer.error) : null
  // The route's own bound (a few new asks a minute): the merchant may ask again in a moment.
  const limited = error?.status === 429
  if (error && !limited) {
    return (
      <Text size="small" className="text-ui-fg-error" data-testid={`${testId}-api-error`}>
        {error.message}
      </Text>
    )
  }
  if (!answer.data) {
    return (
      <>
        {limited && (
          <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-api-limited`}>
            {t("frete.orderFreight.apiLimited")}
          </Text>
        )}
        <Button
          type="button"
          size="small"
          variant="secondary"
          className="self-start"
          isLoading={answer.isPending}
          onClick={() => answer.mutate()}
          data-testid={`${testId}-ask-api`}
        >
          {t("frete.orderFreight.askApi")}
        </Button>
      </>
    )
  }
  const amount = answer.data.api_prices.find((price) => price.shipping_method_id === methodId)?.api_amount ?? null
  return amount === null ? (
    <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-api-silent`}>
      {t("frete.orderFreight.apiSilent")}
    </Text>
  ) : (
    <Detail label={t("frete.orderFreight.apiPrice")} testId={`${testId}-api-price`}>
      {formatBrl(amount)}
    </Detail>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.before",
  id: "medusa-plugin-frete.order-freight",
})

export default OrderFreightWidget
