import { Alert } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../../lib/format"
import type { QuoteGuardFigures } from "../../lib/types"

/**
 * What the quota guard refused on this instance since it started, and how those shoppers were
 * answered; when the store's ceiling was reached, what to raise. Nothing while nothing was refused.
 */
export const QuoteGuardNotice = ({ guard }: { guard: QuoteGuardFigures | null }) => {
  const { t } = useTranslation()
  if (!guard?.last_refusal_at) return null
  const refused = guard.refused_by_client + guard.refused_by_store
  return (
    <Alert variant={guard.refused_without_table ? "warning" : "info"} className="mb-4" data-testid="frete-quote-guard">
      <p>
        {t("frete.quoteLimit.guardFigures", {
          refused,
          table: guard.answered_from_table,
          kept: guard.answered_from_kept,
          none: guard.refused_without_table,
          date: formatDateTime(guard.last_refusal_at),
        })}
      </p>
      {guard.ceiling_reached_at ? (
        <p className="mt-1">
          {t("frete.quoteLimit.ceilingReached", { date: formatDateTime(guard.ceiling_reached_at) })}
        </p>
      ) : null}
      {guard.refused_without_table ? <p className="mt-1">{t("frete.quoteLimit.noTable")}</p> : null}
    </Alert>
  )
}
