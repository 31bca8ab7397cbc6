import { Alert } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../../lib/format"
import type { OriginProblem } from "../../../lib/admin-contract"

/**
 * The freight API's refusal of the store's origin CEP (erro_id 101): only the merchant can fix it,
 * and until then checkout prices from the fallback table, so it is said at the origin field.
 */
export const OriginProblemNotice = ({ problem }: { problem: OriginProblem | null }) => {
  const { t } = useTranslation()
  return problem ? (
    <Alert variant="error" className="mb-4" data-testid="frete-origin-problem">
      <p>{problem.message}</p>
      <p className="text-ui-fg-subtle mt-1">
        {t("frete.origin.lastRefusal", { date: formatDateTime(problem.seen_at) })}
      </p>
    </Alert>
  ) : null
}
