import { ArrowPath } from "@medusajs/icons"
import { Alert, Button, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { FailedTrackingOrder } from "../../lib/types"

/** The order's number as sent (kept in the masked payload), else its id. */
export const orderLabel = (row: FailedTrackingOrder) =>
  typeof row.payload?.OrderNumber === "string" ? `#${row.payload.OrderNumber}` : (row.order_id ?? "—")

type HeldBackResendsProps = {
  rows: FailedTrackingOrder[]
  isResending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The rows a bulk resend left out because the service may already have created their orders: each
 * listed (a link to its order, to check it in the service's panel), the reason said, and sent only
 * once the merchant confirms.
 */
export const HeldBackResends = ({ rows, isResending, onConfirm, onCancel }: HeldBackResendsProps) => {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4">
      <Alert variant="warning" data-testid="frete-failed-tracking-held">
        <Text size="small" weight="plus">
          {t("frete.failedTracking.heldTitle", { count: rows.length })}
        </Text>
        <Text size="small" className="mt-1">
          {t("frete.failedTracking.heldDescription")}
        </Text>
        <ul className="mt-2 flex flex-col gap-y-1">
          {rows.map((row) => (
            <li key={row.id} data-testid={`frete-failed-tracking-held-${row.id}`}>
              {row.order_id ? (
                <Link to={`/orders/${row.order_id}`} className="txt-compact-small-plus text-ui-fg-interactive">
                  {t("frete.failedTracking.order", { order: orderLabel(row) })}
                </Link>
              ) : (
                <Text size="small" weight="plus">
                  {t("frete.failedTracking.order", { order: orderLabel(row) })}
                </Text>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-3 flex justify-end gap-x-2">
          <Button
            type="button"
            size="small"
            variant="secondary"
            disabled={isResending}
            data-testid="frete-failed-tracking-held-cancel"
            onClick={onCancel}
          >
            {t("frete.failedTracking.heldCancel")}
          </Button>
          <Button
            type="button"
            size="small"
            variant="primary"
            isLoading={isResending}
            data-testid="frete-failed-tracking-held-confirm"
            onClick={onConfirm}
          >
            <ArrowPath />
            {t("frete.failedTracking.heldConfirm", { count: rows.length })}
          </Button>
        </div>
      </Alert>
    </div>
  )
}
