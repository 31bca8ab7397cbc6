import { StatusBadge, Table } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { SimulatedPrice } from "../../../lib/admin-contract"
import { formatBrl, formatDays } from "../../lib/format"

type PriceRowProps = {
  testId: string
  label: string
  price: SimulatedPrice | null
  /** Said instead of a price when there is none. */
  missing: string
  badge?: string
}

/** One source's price for an option: the service, the amount, the deadline. */
export const PriceRow = ({ testId, label, price, missing, badge }: PriceRowProps) => {
  const { t } = useTranslation()
  return (
    <Table.Row data-testid={testId}>
      <Table.Cell>
        <div className="flex items-center gap-x-2">
          <span>{label}</span>
          {badge && (
            <StatusBadge color="orange" data-testid={`${testId}-badge`}>
              {badge}
            </StatusBadge>
          )}
        </div>
      </Table.Cell>
      {price ? (
        <>
          <Table.Cell data-testid={`${testId}-service`}>{price.service_name}</Table.Cell>
          <Table.Cell className="text-right" data-testid={`${testId}-price`}>
            {formatBrl(price.amount)}
          </Table.Cell>
          <Table.Cell data-testid={`${testId}-days`}>{formatDays(t, price.days)}</Table.Cell>
        </>
      ) : (
        <>
          <Table.Cell className="text-ui-fg-subtle" data-testid={`${testId}-missing`}>
            {missing}
          </Table.Cell>
          <Table.Cell />
          <Table.Cell />
        </>
      )}
    </Table.Row>
  )
}
