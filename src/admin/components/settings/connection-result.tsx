import { StatusBadge, Table, Text } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { formatBrl, formatDays, formatQuotedList } from "../../lib/format"
import type { TestConnectionResponse } from "../../lib/types"

type ConnectionResultProps = {
  result: TestConnectionResponse
}

function trackingBadge(t: TFunction, ok: boolean | null) {
  if (ok === null) {
    return { color: "grey", label: t("frete.testConnection.trackingUnchecked") } as const
  }
  return ok
    ? ({ color: "green", label: t("frete.testConnection.trackingConnected") } as const)
    : ({ color: "red", label: t("frete.testConnection.trackingFailed") } as const)
}

/** What a connection test answered: the services quoted (or why not), the store's options they make one offer, and the tracking check. */
export const ConnectionResult = ({ result }: ConnectionResultProps) => {
  const { t } = useTranslation()
  const { freight, tracking } = result
  const trackingStatus = trackingBadge(t, tracking.ok)

  return (
    <div className="flex flex-col gap-y-4" data-testid="frete-test-result">
      <div className="flex flex-col gap-y-2">
        <div>
          <StatusBadge color={freight.ok ? "green" : "red"} data-testid="frete-test-freight-status">
            {freight.ok ? t("frete.testConnection.freightConnected") : t("frete.testConnection.freightFailed")}
          </StatusBadge>
        </div>
        {freight.message && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="frete-test-freight-message">
            {freight.message}
          </Text>
        )}
        {freight.ok && freight.services.length === 0 && !freight.message && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="frete-test-no-services">
            {t("frete.testConnection.noServices")}
          </Text>
        )}
        {freight.services.some((quote) => !quote.enabled) && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="frete-test-disabled-note">
            {t("frete.testConnection.disabledNote")}
          </Text>
        )}
        {freight.overlaps.map((overlap, index) => (
          <Text
            key={overlap.option_names.join("\n")}
            size="small"
            className="text-ui-fg-subtle"
            data-testid={`frete-test-overlap-${index}`}
          >
            {t("frete.testConnection.overlap", { names: formatQuotedList(t, overlap.option_names) })}
          </Text>
        ))}
        {freight.services.length > 0 && (
          <Table data-testid="frete-test-services">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("frete.testConnection.service")}</Table.HeaderCell>
                <Table.HeaderCell>{t("frete.testConnection.carrier")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.testConnection.price")}</Table.HeaderCell>
                <Table.HeaderCell>{t("frete.testConnection.deadline")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {freight.services.map((quote, index) => (
                <Table.Row
                  key={`${quote.service}-${index}`}
                  data-testid={`frete-test-service-${index}`}
                  className={quote.enabled ? undefined : "text-ui-fg-muted"}
                >
                  <Table.Cell>
                    <div className="flex items-center gap-x-2">
                      <span data-testid={`frete-test-service-${index}-name`}>{quote.name}</span>
                      {!quote.enabled && (
                        <StatusBadge color="grey" data-testid={`frete-test-service-${index}-disabled`}>
                          {t("frete.testConnection.disabled")}
                        </StatusBadge>
                      )}
                    </div>
                    {quote.api_name !== quote.name && (
                      <Text
                        size="xsmall"
                        className="text-ui-fg-muted"
                        data-testid={`frete-test-service-${index}-api-name`}
                      >
                        {t("frete.testConnection.apiName", { name: quote.api_name })}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell data-testid={`frete-test-service-${index}-carrier`}>{quote.carrier ?? "—"}</Table.Cell>
                  <Table.Cell className="text-right" data-testid={`frete-test-service-${index}-price`}>
                    {formatBrl(quote.amount)}
                  </Table.Cell>
                  <Table.Cell data-testid={`frete-test-service-${index}-days`}>{formatDays(t, quote.days)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </div>
      <div className="flex flex-col gap-y-2">
        <div>
          <StatusBadge color={trackingStatus.color} data-testid="frete-test-tracking-status">
            {trackingStatus.label}
          </StatusBadge>
        </div>
        {tracking.message && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="frete-test-tracking-message">
            {tracking.message}
          </Text>
        )}
      </div>
    </div>
  )
}
