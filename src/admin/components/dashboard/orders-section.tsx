import { Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { FreightStats } from "../../../lib/admin-contract"
import { ordersByService } from "../../lib/freight-stats"
import { formatBrl, formatNumber } from "../../lib/format"
import type { ServiceSetting } from "../../lib/types"
import { BarChart } from "./bar-chart"
import { DashboardSection, Figure } from "./dashboard-section"

const ORDERS_COLOR = "var(--tag-blue-icon)"

/** A service's name as checkout shows it: the merchant's, else the API's as the settings keep it, else its code. */
function serviceName(services: ServiceSetting[], metaname: string): string {
  const known = services.find((service) => service.metaname === metaname)
  return known?.display_name || known?.name || metaname
}

/** Orders by the service chosen: count, average freight charged, average promised days, how many from the table; free freight granted. */
export const OrdersSection = ({
  stats,
  services,
  locale,
}: {
  stats: FreightStats
  services: ServiceSetting[]
  locale: string
}) => {
  const { t } = useTranslation()
  const rows = ordersByService(stats.rows)
  const names = rows.map((row) => serviceName(services, row.service))
  const free = rows.reduce((sum, row) => sum + row.free, 0)

  return (
    <DashboardSection
      title={t("frete.dashboard.orders.title")}
      description={t("frete.dashboard.orders.description")}
      testId="frete-dashboard-orders"
    >
      {rows.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle" data-testid="frete-dashboard-orders-empty">
          {t("frete.dashboard.orders.empty")}
        </Text>
      ) : (
        <>
          <div data-testid="frete-dashboard-chart-orders">
            <BarChart
              title={t("frete.dashboard.orders.chart")}
              testId="frete-dashboard-orders-svg"
              categories={names}
              series={[
                {
                  key: "orders",
                  label: t("frete.dashboard.orders.orders"),
                  color: ORDERS_COLOR,
                  values: rows.map((row) => row.orders),
                },
              ]}
            />
          </div>
          <Table data-testid="frete-dashboard-orders-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("frete.dashboard.orders.service")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.dashboard.orders.orders")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.dashboard.orders.averageCharged")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.dashboard.orders.averageDays")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.dashboard.orders.fromTable")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("frete.dashboard.orders.free")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, index) => {
                const testId = `frete-dashboard-orders-row-${row.service}`
                return (
                  <Table.Row key={row.service} data-testid={testId}>
                    <Table.Cell data-testid={`${testId}-name`}>{names[index]}</Table.Cell>
                    <Table.Cell className="text-right" data-testid={`${testId}-orders`}>
                      {row.orders}
                    </Table.Cell>
                    <Table.Cell className="text-right" data-testid={`${testId}-average`}>
                      {row.averageCharged === null ? "—" : formatBrl(row.averageCharged)}
                    </Table.Cell>
                    <Table.Cell className="text-right" data-testid={`${testId}-days`}>
                      {row.averageDays === null
                        ? "—"
                        : t("frete.dashboard.orders.days", { days: formatNumber(row.averageDays, locale) })}
                    </Table.Cell>
                    <Table.Cell className="text-right" data-testid={`${testId}-table`}>
                      {row.fromTable}
                    </Table.Cell>
                    <Table.Cell className="text-right" data-testid={`${testId}-free`}>
                      {row.free}
                    </Table.Cell>
                  </Table.Row>
                )
              })}
            </Table.Body>
          </Table>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <Figure
              label={t("frete.dashboard.orders.freeGranted")}
              value={String(free)}
              testId="frete-dashboard-free-count"
            />
          </div>
        </>
      )}
    </DashboardSection>
  )
}
