import { Button } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { STATS_RANGES, type StatsRange } from "../../../lib/admin-contract"

/** Last 24 hours, 7 days or 30 days: the chosen one pressed. */
export const RangePicker = ({ value, onChange }: { value: StatsRange; onChange: (range: StatsRange) => void }) => {
  const { t } = useTranslation()
  return (
    <div role="group" aria-label={t("frete.dashboard.range")} className="flex items-center gap-x-2">
      {STATS_RANGES.map((range) => (
        <Button
          key={range}
          type="button"
          size="small"
          variant={range === value ? "primary" : "secondary"}
          aria-pressed={range === value}
          data-testid={`frete-dashboard-range-${range}`}
          onClick={() => onChange(range)}
        >
          {t(`frete.dashboard.ranges.${range}`)}
        </Button>
      ))}
    </div>
  )
}
