import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartBar } from "@medusajs/icons"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router-dom"
import { LatencySection } from "../../components/dashboard/latency-section"
import { LearnedSection } from "../../components/dashboard/learned-section"
import { OrdersSection } from "../../components/dashboard/orders-section"
import { OutcomesSection } from "../../components/dashboard/outcomes-section"
import { RangePicker } from "../../components/dashboard/range-picker"
import { TrackingSection } from "../../components/dashboard/tracking-section"
import { useFreightStats } from "../../hooks/use-freight-stats"
import { useSettings } from "../../hooks/use-settings"
import { toApiError } from "../../lib/api-error"
import { STATS_RANGES, type StatsRange } from "../../../lib/admin-contract"
import { hasData } from "../../lib/freight-stats"
import { localeOf } from "../../lib/format"

/** Frete: what the freight service did for the store over the last 24 hours, 7 or 30 days, across every instance. */
const FreightDashboardPage = () => {
  const { t, i18n } = useTranslation()
  // The range lives in the address (?range=24h): a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams()
  const asked = params.get("range")
  const range: StatsRange = STATS_RANGES.find((candidate) => candidate === asked) ?? "7d"
  const { data, isPending, isError, error, refetch, isRefetching } = useFreightStats(range)
  const services = useSettings().data?.settings.services ?? []
  const locale = localeOf(i18n.language)

  return (
    <div className="flex flex-col gap-y-3" data-testid="frete-dashboard-page">
      <Container className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
        <div>
          <Heading>{t("frete.dashboard.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle mt-1">
            {t("frete.dashboard.description")}
          </Text>
        </div>
        <RangePicker value={range} onChange={(next) => setParams({ range: next }, { replace: true })} />
      </Container>
      {isPending && (
        <Container className="px-6 py-4" data-testid="frete-dashboard-loading">
          <Text size="small" className="text-ui-fg-subtle">
            {t("frete.common.loading")}
          </Text>
        </Container>
      )}
      {isError && (
        <Container className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="frete-dashboard-error">
          <Text size="small" className="text-ui-fg-error">
            {t("frete.dashboard.loadError", { message: toApiError(error).message })}
          </Text>
          <Button type="button" size="small" variant="secondary" isLoading={isRefetching} onClick={() => refetch()}>
            {t("frete.page.retry")}
          </Button>
        </Container>
      )}
      {data && !hasData(data) && (
        <Container className="px-6 py-4" data-testid="frete-dashboard-empty">
          <Text size="small" className="text-ui-fg-subtle">
            {t("frete.dashboard.empty")}
          </Text>
        </Container>
      )}
      {data && hasData(data) && (
        <div className="flex flex-col gap-y-3" data-testid={`frete-dashboard-figures-${data.range}`}>
          <OutcomesSection stats={data} locale={locale} />
          <LearnedSection stats={data} locale={locale} />
          <LatencySection stats={data} locale={locale} />
          <OrdersSection stats={data} services={services} locale={locale} />
          <TrackingSection stats={data} />
        </div>
      )}
    </div>
  )
}

export const config = defineRouteConfig({
  // A key of the admin's texts (src/admin/i18n), translated by the dashboard in its language.
  label: "frete.dashboard.menu",
  translationNs: "translation",
  icon: ChartBar,
})

export default FreightDashboardPage
