import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { FreightStats } from "../../../lib/admin-contract"
import { BarChart, Swatch } from "./bar-chart"
import { DashboardSection, Figure } from "./dashboard-section"

const STATES = ["created", "failed", "waiting"] as const

const STATE_COLOR: Record<(typeof STATES)[number], string> = {
  created: "var(--tag-green-icon)",
  failed: "var(--tag-red-icon)",
  waiting: "var(--tag-orange-icon)",
}

/** The failed tracking orders' page (Settings > Tracking failures), where they are sent again. */
const FAILED_LIST = "/settings/frete-tracking"

/** Tracking orders created in the range, and of them those failed now and those still waiting. */
export const TrackingSection = ({ stats }: { stats: FreightStats }) => {
  const { t } = useTranslation()
  const labels = STATES.map((state) => t(`frete.dashboard.tracking.${state}`))

  return (
    <DashboardSection
      title={t("frete.dashboard.tracking.title")}
      description={t("frete.dashboard.tracking.description")}
      testId="frete-dashboard-tracking"
    >
      <div data-testid="frete-dashboard-chart-tracking" className="flex flex-col gap-y-3">
        <BarChart
          title={t("frete.dashboard.tracking.chart")}
          testId="frete-dashboard-tracking-svg"
          categories={labels}
          series={STATES.map((state) => ({
            key: state,
            label: t(`frete.dashboard.tracking.${state}`),
            color: STATE_COLOR[state],
            values: STATES.map((other) => (other === state ? stats.tracking[state] : 0)),
          }))}
          stacked
        />
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          {STATES.map((state, index) => (
            <Figure
              key={state}
              swatch={<Swatch color={STATE_COLOR[state]} />}
              label={labels[index]}
              value={String(stats.tracking[state])}
              testId={`frete-dashboard-tracking-${state}`}
            />
          ))}
          <Link
            to={FAILED_LIST}
            className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
            data-testid="frete-dashboard-tracking-failed-link"
          >
            {t("frete.dashboard.tracking.failedLink")}
          </Link>
        </div>
      </div>
      {stats.tracking.created === 0 && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("frete.dashboard.tracking.none")}
        </Text>
      )}
    </DashboardSection>
  )
}
