import { ArrowPath } from "@medusajs/icons"
import { Alert, Badge, Button, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { toApiError } from "../../lib/api-error"
import { formatPayloadValue, PAYLOAD_FIELDS, payloadLabel } from "./payload-labels"
import { useRetryPreview } from "./use-retry-preview"

type RetryPreviewProps = {
  trackingOrderId: string
  /** `frete-tracking-order-<id>`: the item's test id, which the preview's own ids extend. */
  testId: string
  isRetrying: boolean
  /** The service may already have this order: the merchant reads why before confirming. */
  maybeCreated: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * What "Reenviar" will send, rebuilt from the order as it is now (CPF, phone and e-mail masked),
 * shown before the merchant confirms: a phone or CPF fixed since the shipment shows as changed.
 */
export const RetryPreview = ({
  trackingOrderId,
  testId,
  isRetrying,
  maybeCreated,
  onConfirm,
  onCancel,
}: RetryPreviewProps) => {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useRetryPreview(trackingOrderId, true)
  const preview = data?.preview
  const known = new Set(PAYLOAD_FIELDS)
  const fields = preview
    ? [
        ...PAYLOAD_FIELDS.filter((field) => field in preview.payload),
        ...Object.keys(preview.payload).filter((field) => !known.has(field)),
      ]
    : []

  return (
    <div className="bg-ui-bg-subtle flex flex-col gap-y-2 rounded-md p-3" data-testid={`${testId}-preview`}>
      <Text size="small" leading="compact" weight="plus">
        {t("frete.widget.previewTitle")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("frete.widget.previewDescription")}
      </Text>
      {maybeCreated && (
        <Alert variant="warning" data-testid={`${testId}-maybe-created`}>
          {t("frete.widget.maybeCreatedWarning")}
        </Alert>
      )}
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-preview-loading`}>
          {t("frete.common.loading")}
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error" data-testid={`${testId}-preview-error`}>
          {toApiError(error).message}
        </Text>
      )}
      {preview && (
        <dl className="flex flex-col gap-y-0.5" data-testid={`${testId}-preview-fields`}>
          {fields.map((field) => (
            <div key={field} className="grid grid-cols-2 gap-x-2" data-testid={`${testId}-preview-${field}`}>
              <dt>
                <Text size="xsmall" leading="compact" weight="plus" className="text-ui-fg-subtle">
                  {payloadLabel(t, field)}
                </Text>
              </dt>
              <dd className="flex items-center gap-x-1">
                <Text size="xsmall" leading="compact" className="break-words">
                  {formatPayloadValue(t, field, preview.payload[field])}
                </Text>
                {preview.changed_fields.includes(field) && (
                  <Badge size="2xsmall" color="blue">
                    {t("frete.widget.changed")}
                  </Badge>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {preview && preview.omitted_fields.length > 0 && (
        <ul className="flex flex-col gap-y-0.5" data-testid={`${testId}-preview-omitted`}>
          {preview.omitted_fields.map((omitted, index) => (
            <li key={`${omitted.field}-${index}`}>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("frete.widget.notSent")}{" "}
                <span className="txt-compact-xsmall-plus">{payloadLabel(t, omitted.field)}</span> ({omitted.reason})
              </Text>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end gap-x-2">
        <Button
          type="button"
          size="small"
          variant="secondary"
          data-testid={`${testId}-retry-cancel`}
          onClick={onCancel}
          disabled={isRetrying}
        >
          {t("frete.widget.cancel")}
        </Button>
        <Button
          type="button"
          size="small"
          variant="primary"
          isLoading={isRetrying}
          disabled={!preview}
          data-testid={`${testId}-retry-confirm`}
          onClick={onConfirm}
        >
          <ArrowPath />
          {t(maybeCreated ? "frete.widget.confirmMaybeCreated" : "frete.widget.confirmRetry")}
        </Button>
      </div>
    </div>
  )
}
