import { Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { LATENCY_BOUNDS, type FreightStats, type LatencyBound } from "../../../lib/admin-contract"
import { errorTotals, latencies } from "../../lib/freight-stats"
import { formatBucket, formatLatency } from "../../lib/format"
import { BarChart, Swatch } from "./bar-chart"
import { DashboardSection, Figure } from "./dashboard-section"

const P50_COLOR = "var(--tag-blue-icon)"
const P95_COLOR = "var(--tag-orange-icon)"
/** The y axis's marks: a few of the histogram's bounds. */
const MARKED: LatencyBound[] = ["100", "500", "1000", "3000", "inf"]

/** The histogram's bounds are the scale: a bar's height is its bound's place among them. */
const heightOf = (bound: LatencyBound | null) => (bound === null ? 0 : LATENCY_BOUNDS.indexOf(bound) + 1)

/** The freight API's answer time (p50, p95) per hour or day, and its errors by kind over the range. */
export const LatencySection = ({ stats, locale }: { stats: FreightStats; locale: string }) => {
  const { t } = useTranslation()
  const { buckets, range } = latencies(stats)
  const errors = errorTotals(stats.rows)
  const shown = (bound: LatencyBound | null) => (bound === null ? "—" : formatLatency(bound, locale))
  const series = [
    {
      key: "p50",
      label: t("frete.dashboard.latency.p50"),
      color: P50_COLOR,
      values: buckets.map((bucket) => heightOf(bucket.p50)),
    },
    {
      key: "p95",
      label: t("frete.dashboard.latency.p95"),
      color: P95_COLOR,
      values: buckets.map((bucket) => heightOf(bucket.p95)),
    },
  ]

  return (
    <DashboardSection
      title={t("frete.dashboard.latency.title")}
      description={t("frete.dashboard.latency.description")}
      testId="frete-dashboard-latency"
    >
      <div data-testid="frete-dashboard-chart-latency" className="flex flex-col gap-y-3">
        <BarChart
          title={t(`frete.dashboard.latency.chart.${stats.bucket}`)}
          testId="frete-dashboard-latency-svg"
          categories={buckets.map((bucket) => formatBucket(bucket.at, stats.bucket, locale))}
          series={series}
          max={LATENCY_BOUNDS.length}
          ticks={MARKED.map((bound) => ({ value: heightOf(bound), label: formatLatency(bound, locale) }))}
          formatValue={(height) => formatLatency(LATENCY_BOUNDS[height - 1], locale)}
        />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Figure
            swatch={<Swatch color={P50_COLOR} />}
            label={t("frete.dashboard.latency.p50")}
            value={shown(range.p50)}
            testId="frete-dashboard-latency-p50"
          />
          <Figure
            swatch={<Swatch color={P95_COLOR} />}
            label={t("frete.dashboard.latency.p95")}
            value={shown(range.p95)}
            testId="frete-dashboard-latency-p95"
          />
          <Figure
            label={t("frete.dashboard.latency.answers")}
            value={String(range.answers)}
            testId="frete-dashboard-latency-answers"
          />
        </div>
      </div>
      <div className="flex flex-col gap-y-2">
        <Text size="small" weight="plus">
          {t("frete.dashboard.errors.title")}
        </Text>
        <Table data-testid="frete-dashboard-errors">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("frete.dashboard.errors.kind")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("frete.dashboard.errors.count")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.map(({ kind, count }) => (
              <Table.Row key={kind} data-testid={`frete-dashboard-error-${kind}`}>
                <Table.Cell>{t(`frete.dashboard.errors.kinds.${kind}`, { defaultValue: kind })}</Table.Cell>
                <Table.Cell className="text-right" data-testid={`frete-dashboard-error-${kind}-count`}>
                  {count}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </DashboardSection>
  )
}
