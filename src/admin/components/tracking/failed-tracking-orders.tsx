import { ArrowPath } from "@medusajs/icons"
import { Badge, Button, Checkbox, Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { useFailedTrackingOrders, useResendTrackingOrders } from "../../hooks/use-failed-tracking-orders"
import { toApiError } from "../../lib/api-error"
import { formatDateTime } from "../../lib/format"
import type { BulkResendResponse, FailedTrackingOrder } from "../../lib/types"
import { HeldBackResends, orderLabel } from "./held-back-resends"

const PAGE_SIZE = 20
/** "Reenviar todos" covers the failures of the last 31 days, the longest period the route takes. */
const ALL_FAILED_PERIOD_MS = 31 * 24 * 60 * 60 * 1000 - 60_000

/** The rows a resend left out: the service may already have created them. */
const heldBack = ({ results }: BulkResendResponse) =>
  results.flatMap((result) => (result.outcome === "maybe_created" ? (result.tracking_order ?? []) : []))

/**
 * The store's failed tracking orders, for the merchant to send again after an outage: the ones
 * chosen ("Reenviar selecionados") or every failure of the last 31 days ("Reenviar todos"), each
 * rebuilt from its order's current data, as "Reenviar" on the order's page does. Those the service
 * may already have created are left out, then listed, and sent only once the merchant confirms.
 */
export const FailedTrackingOrders = () => {
  const { t } = useTranslation()
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<string[]>([])
  const [held, setHeld] = useState<FailedTrackingOrder[]>([])
  const { data, isPending, isError, error } = useFailedTrackingOrders({ limit: PAGE_SIZE, offset })
  const resend = useResendTrackingOrders()
  const rows = data?.tracking_orders ?? []
  const count = data?.count ?? 0
  const toggle = (id: string, checked: boolean) =>
    setSelected(checked ? [...selected, id] : selected.filter((other) => other !== id))
  const allShown = rows.length > 0 && rows.every((row) => selected.includes(row.id))
  const afterResend = {
    onSuccess: (response: BulkResendResponse) => setHeld(heldBack(response)),
    onSettled: () => setSelected([]),
  }
  const heldIds = held.map((row) => row.id)

  return (
    <Container className="divide-y p-0" data-testid="frete-failed-tracking">
      <div className="flex flex-wrap items-start justify-between gap-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("frete.failedTracking.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle mt-1">
            {t("frete.failedTracking.description")}
          </Text>
        </div>
        <div className="flex items-center gap-x-2">
          <Button
            type="button"
            size="small"
            variant="secondary"
            disabled={selected.length === 0 || resend.isPending}
            isLoading={resend.isPending && resend.variables !== undefined && "ids" in resend.variables}
            data-testid="frete-failed-tracking-resend-selected"
            onClick={() => resend.mutate({ ids: selected }, afterResend)}
          >
            <ArrowPath />
            {t("frete.failedTracking.resendSelected", { selected: selected.length })}
          </Button>
          <Button
            type="button"
            size="small"
            variant="secondary"
            disabled={count === 0 || resend.isPending}
            isLoading={resend.isPending && resend.variables !== undefined && "failed_since" in resend.variables}
            data-testid="frete-failed-tracking-resend-all"
            onClick={() =>
              resend.mutate({ failed_since: new Date(Date.now() - ALL_FAILED_PERIOD_MS).toISOString() }, afterResend)
            }
          >
            <ArrowPath />
            {t("frete.failedTracking.resendAll")}
          </Button>
        </div>
      </div>
      {held.length > 0 && (
        <HeldBackResends
          rows={held}
          isResending={resend.isPending}
          onCancel={() => setHeld([])}
          onConfirm={() => resend.mutate({ ids: heldIds, resend_maybe_created: heldIds }, afterResend)}
        />
      )}
      {isPending && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("frete.common.loading")}
        </Text>
      )}
      {isError && (
        <Text size="small" className="text-ui-fg-error px-6 py-4" data-testid="frete-failed-tracking-error">
          {toApiError(error).message}
        </Text>
      )}
      {data && count === 0 && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="frete-failed-tracking-empty">
          {t("frete.failedTracking.empty")}
        </Text>
      )}
      {rows.length > 0 && (
        <div className="flex items-center gap-x-3 px-6 py-2">
          <Checkbox
            id="frete-failed-tracking-all-shown"
            checked={allShown}
            onCheckedChange={(checked) =>
              setSelected(checked === true ? [...new Set([...selected, ...rows.map((row) => row.id)])] : [])
            }
          />
          <Text size="small" weight="plus" className="text-ui-fg-subtle">
            {t("frete.failedTracking.selectShown")}
          </Text>
        </div>
      )}
      {rows.map((row) => (
        <div
          key={row.id}
          className="flex items-start gap-x-3 px-6 py-3"
          data-testid={`frete-failed-tracking-${row.id}`}
        >
          <Checkbox
            id={`frete-failed-tracking-${row.id}-select`}
            data-testid={`frete-failed-tracking-${row.id}-select`}
            checked={selected.includes(row.id)}
            onCheckedChange={(checked) => toggle(row.id, checked === true)}
          />
          <div className="flex min-w-0 flex-col gap-y-1">
            <div className="flex flex-wrap items-center gap-x-2">
              {row.order_id ? (
                <Link
                  to={`/orders/${row.order_id}`}
                  className="txt-compact-small-plus text-ui-fg-interactive"
                  data-testid={`frete-failed-tracking-${row.id}-order`}
                >
                  {t("frete.failedTracking.order", { order: orderLabel(row) })}
                </Link>
              ) : (
                <Text size="small" weight="plus">
                  {t("frete.failedTracking.order", { order: orderLabel(row) })}
                </Text>
              )}
              <Text size="small" className="text-ui-fg-muted">
                {t("frete.failedTracking.failedAt", {
                  when: formatDateTime(row.failed_at ?? row.updated_at),
                  attempts: row.attempts,
                })}
              </Text>
              {row.maybe_created && (
                <Badge size="2xsmall" color="orange" data-testid={`frete-failed-tracking-${row.id}-maybe-created`}>
                  {t("frete.failedTracking.maybeCreated")}
                </Badge>
              )}
            </div>
            {row.last_error && (
              <Text
                size="small"
                className="text-ui-fg-subtle break-words"
                data-testid={`frete-failed-tracking-${row.id}-error`}
              >
                {row.last_error}
              </Text>
            )}
          </div>
        </div>
      ))}
      {data && count > PAGE_SIZE && (
        <div className="flex items-center justify-between px-6 py-3">
          <Text size="small" className="text-ui-fg-subtle">
            {t("frete.failedTracking.count", {
              from: offset + 1,
              to: Math.min(offset + PAGE_SIZE, count),
              total: count,
            })}
          </Text>
          <div className="flex items-center gap-x-2">
            <Button
              type="button"
              size="small"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            >
              {t("frete.missing.previous")}
            </Button>
            <Button
              type="button"
              size="small"
              variant="secondary"
              disabled={offset + PAGE_SIZE >= count}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              {t("frete.missing.next")}
            </Button>
          </div>
        </div>
      )}
    </Container>
  )
}
