import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { FreightStats } from "../../../lib/admin-contract"
import { learnedFigures } from "../../lib/freight-stats"
import { formatErrorBound, formatNumber, formatShare } from "../../lib/format"
import { DashboardSection, Figure } from "./dashboard-section"

/** Of the range's API answers, how many the learned prices would have priced, and how far from the API's price. */
export const LearnedSection = ({ stats, locale }: { stats: FreightStats; locale: string }) => {
  const { t } = useTranslation()
  const figures = learnedFigures(stats.rows)
  const shown = figures && {
    coverage: t("frete.dashboard.learned.coverageValue", {
      share: formatShare(figures.coverage, locale),
      covered: formatNumber(figures.covered, locale),
      all: formatNumber(figures.covered + figures.uncovered, locale),
    }),
    within10: formatShare(figures.within10, locale),
    meanError: formatShare(figures.meanError === null ? null : figures.meanError / 100, locale),
    medianError: figures.medianError === null ? "—" : formatErrorBound(figures.medianError, locale),
  }

  return (
    <DashboardSection
      title={t("frete.dashboard.learned.title")}
      description={t("frete.dashboard.learned.description")}
      testId="frete-dashboard-learned"
    >
      {shown === null ? (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-dashboard-learned-empty">
          {t("frete.dashboard.learned.empty")}
        </Text>
      ) : (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {Object.entries(shown).map(([figure, value]) => (
            <Figure
              key={figure}
              label={t(`frete.dashboard.learned.${figure}`)}
              value={value}
              testId={`frete-dashboard-learned-${figure}`}
            />
          ))}
        </div>
      )}
    </DashboardSection>
  )
}
