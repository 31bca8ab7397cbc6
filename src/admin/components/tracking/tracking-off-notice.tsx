import { Alert } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { Credentials } from "../../../lib/admin-contract"
import type { FreteSettings } from "../../lib/types"

export type TrackingOff = "disabled" | "not_configured"

/**
 * Why shipments get no tracking order now, as the server decides it (FreteModuleService.trackingOff):
 * switched off in the settings, or no tracking URL or credential in force (a credential withheld
 * from another URL is not sent). Null when tracking is on.
 */
export function trackingOffReason(settings: FreteSettings, credentials: Credentials): TrackingOff | null {
  if (!settings.tracking.enabled) {
    return "disabled"
  }
  const { url, secret_set, secret_withheld } = credentials.tracking
  return url && secret_set && !secret_withheld ? null : "not_configured"
}

/**
 * Says that tracking is off, that shipments then keep no shopper data for it, and how to turn it
 * on: shipments are tracked from then on.
 */
export const TrackingOffNotice = ({ reason, testId }: { reason: TrackingOff | null; testId: string }) => {
  const { t } = useTranslation()
  return reason ? (
    <Alert variant="info" className="mb-4" data-testid={testId}>
      <p>{t(`frete.trackingOff.${reason}`)}</p>
      <p className="text-ui-fg-subtle mt-1">{t(`frete.trackingOff.${reason}HowTo`)}</p>
    </Alert>
  ) : null
}
