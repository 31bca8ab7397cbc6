import { ArrowPath } from "@medusajs/icons"
import { Button, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../../lib/format"
import type { TrackingOrderStatus } from "../../../lib/admin-contract"
import type { TrackingOrder } from "../../lib/types"
import { RetryPreview } from "./retry-preview"
import { Detail } from "../common/detail"

/** Each status's badge color; its label is frete.widget.status.<status>. */
const STATUS_COLOR: Record<TrackingOrderStatus, "orange" | "blue" | "green" | "red"> = {
  pending: "orange",
  sending: "blue",
  created: "green",
  failed: "red",
}

type TrackingOrderItemProps = {
  order: TrackingOrder
  /** "Envio 1": the fulfillment's position in the order. */
  title: string
  onRetry: () => void
  isRetrying: boolean
}

/**
 * One fulfillment's tracking order: status, remote id, attempts, errors, and "Reenviar", which
 * first shows what will be sent and sends only once the merchant confirms (told, when the service
 * may already have the order, to check its panel first).
 */
export const TrackingOrderItem = ({ order, title, onRetry, isRetrying }: TrackingOrderItemProps) => {
  const testId = `frete-tracking-order-${order.id}`
  const { t } = useTranslation()
  const [previewing, setPreviewing] = useState(false)
  const canRetry = order.status === "pending" || order.status === "failed"

  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" leading="compact" weight="plus">
          {title}
        </Text>
        <StatusBadge color={STATUS_COLOR[order.status]} data-testid={`${testId}-status`}>
          {t(`frete.widget.status.${order.status}`)}
        </StatusBadge>
      </div>
      <Detail label={t("frete.widget.remoteId")} testId={`${testId}-remote-id`}>
        {order.remote_id ?? "—"}
      </Detail>
      <Detail label={t("frete.widget.attempts")} testId={`${testId}-attempts`}>
        {order.attempts}
      </Detail>
      {order.status === "pending" && order.next_attempt_at && (
        <Detail label={t("frete.widget.nextAttempt")} testId={`${testId}-next-attempt`}>
          {formatDateTime(order.next_attempt_at)}
        </Detail>
      )}
      {order.last_error && (
        <Detail label={t("frete.widget.lastError")} testId={`${testId}-last-error`}>
          {order.last_error}
        </Detail>
      )}
      {order.omitted_fields.length > 0 && (
        <div className="flex flex-col gap-y-1">
          <Text size="small" leading="compact" weight="plus" className="text-ui-fg-subtle">
            {t("frete.widget.omitted")}
          </Text>
          <ul className="flex flex-col gap-y-0.5" data-testid={`${testId}-omitted`}>
            {order.omitted_fields.map((omitted, index) => (
              <li key={`${omitted.field}-${index}`}>
                <Text size="small" className="text-ui-fg-subtle">
                  <span className="txt-compact-small-plus">{omitted.field}</span>: {omitted.reason}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      )}
      {order.status === "sending" && (
        <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-sending`}>
          {t("frete.widget.sending")}
        </Text>
      )}
      {canRetry && previewing && (
        <RetryPreview
          trackingOrderId={order.id}
          testId={testId}
          isRetrying={isRetrying}
          maybeCreated={order.maybe_created}
          onCancel={() => setPreviewing(false)}
          onConfirm={() => {
            setPreviewing(false)
            onRetry()
          }}
        />
      )}
      {canRetry && !previewing && (
        <div className="flex justify-end">
          <Button
            type="button"
            size="small"
            variant="secondary"
            isLoading={isRetrying}
            data-testid={`${testId}-retry`}
            onClick={() => setPreviewing(true)}
          >
            <ArrowPath />
            {t("frete.widget.retry")}
          </Button>
        </div>
      )}
    </div>
  )
}
