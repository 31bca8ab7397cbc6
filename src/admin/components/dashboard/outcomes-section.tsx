import { useTranslation } from "react-i18next"
import { OUTCOMES, type FreightStats, type Outcome } from "../../../lib/admin-contract"
import { estimateShare, outcomesByBucket, outcomeTotals } from "../../lib/freight-stats"
import { formatBucket, formatShare } from "../../lib/format"
import { BarChart, Swatch } from "./bar-chart"
import { DashboardSection, Figure } from "./dashboard-section"

/** Each outcome's color, from Medusa's tag colors. */
export const OUTCOME_COLOR: Record<Outcome, string> = {
  api: "var(--tag-green-icon)",
  kept: "var(--tag-blue-icon)",
  learned: "var(--tag-neutral-icon)",
  table: "var(--tag-orange-icon)",
  refused: "var(--tag-purple-icon)",
  failed: "var(--tag-red-icon)",
}

/** New freight queries by outcome per hour or day, stacked; totals; the share of checkout's prices that were estimates. */
export const OutcomesSection = ({ stats, locale }: { stats: FreightStats; locale: string }) => {
  const { t } = useTranslation()
  const buckets = outcomesByBucket(stats)
  const totals = outcomeTotals(stats.rows)
  const share = estimateShare(stats.rows)
  const series = OUTCOMES.map((outcome) => ({
    key: outcome,
    label: t(`frete.dashboard.outcomes.${outcome}`),
    color: OUTCOME_COLOR[outcome],
    values: buckets.map((bucket) => bucket.counts[outcome]),
  }))

  return (
    <DashboardSection
      title={t("frete.dashboard.outcomes.title")}
      description={t("frete.dashboard.outcomes.description")}
      testId="frete-dashboard-outcomes"
    >
      <div data-testid="frete-dashboard-chart-outcomes" className="flex flex-col gap-y-3">
        <BarChart
          title={t(`frete.dashboard.outcomes.chart.${stats.bucket}`)}
          testId="frete-dashboard-outcomes-svg"
          categories={buckets.map((bucket) => formatBucket(bucket.at, stats.bucket, locale))}
          series={series}
          stacked
        />
        <div className="flex flex-wrap gap-x-6 gap-y-2" aria-label={t("frete.dashboard.legend")}>
          {OUTCOMES.map((outcome) => (
            <Figure
              key={outcome}
              swatch={<Swatch color={OUTCOME_COLOR[outcome]} />}
              label={t(`frete.dashboard.outcomes.${outcome}`)}
              value={String(totals[outcome])}
              testId={`frete-dashboard-outcome-total-${outcome}`}
            />
          ))}
        </div>
      </div>
      <Figure
        label={t("frete.dashboard.outcomes.estimateShare")}
        value={formatShare(share, locale)}
        testId="frete-dashboard-estimate-share"
      />
    </DashboardSection>
  )
}
