import { Heading, Table, Text } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { SimulatedOption as Option } from "../../../lib/admin-contract"
import { formatBrl } from "../../lib/format"
import { textFromNumber } from "../../lib/form-values"
import { appliedText } from "./applied-text"
import { PriceRow } from "./price-row"

const estimateBadge = (t: TFunction, option: Option) =>
  option.estimate?.estimated_from === "learned" ? t("frete.simulator.learned") : undefined

function apiMissing(t: TFunction, api: Option["api"]): string {
  if (api.message) return api.message
  return api.status === "not_offered" ? t("frete.simulator.apiNotOffered") : t("frete.simulator.apiNotAsked")
}

type SimulatedOptionProps = {
  option: Option
  /** The store's services by code, as checkout names them. */
  serviceNames: Map<string, string>
}

/** An option as a shopper would see it: its three prices, and the settings that made it, in order. */
export const SimulatedOption = ({ option, serviceNames }: SimulatedOptionProps) => {
  const { t } = useTranslation()
  const testId = `frete-simulator-option-${option.option_id}`
  const names = new Map([
    ...serviceNames,
    ...[option.table, option.estimate, option.api.price].flatMap((price) =>
      price ? [[price.service, price.service_name] as const] : []
    ),
  ])
  return (
    <div className="flex flex-col gap-y-3 rounded-md border px-4 py-3" data-testid={testId}>
      <Heading level="h3" data-testid={`${testId}-name`}>
        {option.name}
      </Heading>
      <Text size="small" className="text-ui-fg-subtle" data-testid={`${testId}-sent`}>
        {t("frete.simulator.sent", {
          subtotal: formatBrl(option.sent.subtotal),
          weight: textFromNumber(option.sent.weight_kg),
          state: option.sent.state ?? "—",
        })}
      </Text>
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{t("frete.simulator.source")}</Table.HeaderCell>
            <Table.HeaderCell>{t("frete.simulator.service")}</Table.HeaderCell>
            <Table.HeaderCell className="text-right">{t("frete.simulator.price")}</Table.HeaderCell>
            <Table.HeaderCell>{t("frete.simulator.deadline")}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <PriceRow
            testId={`${testId}-api`}
            label={t("frete.simulator.api")}
            price={option.api.price}
            missing={apiMissing(t, option.api)}
            badge={option.api.status === "kept" ? t("frete.simulator.kept") : undefined}
          />
          <PriceRow
            testId={`${testId}-estimate`}
            label={t("frete.simulator.estimate")}
            price={option.estimate}
            missing={t("frete.simulator.noEstimate")}
            badge={estimateBadge(t, option)}
          />
          <PriceRow
            testId={`${testId}-table`}
            label={t("frete.simulator.table")}
            price={option.table}
            missing={t("frete.simulator.noTable")}
          />
        </Table.Body>
      </Table>
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">
          {t("frete.simulator.appliedTitle")}
        </Text>
        <ol className="list-decimal pl-5" data-testid={`${testId}-applied`}>
          {option.applied.map((setting, index) => (
            <li key={index} data-testid={`${testId}-applied-${index}`}>
              <Text size="small">{appliedText(t, setting, names)}</Text>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
