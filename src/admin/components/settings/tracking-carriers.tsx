import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { replaceAt } from "../../lib/list"
import { messagesExactlyAt } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import { AddButton } from "../common/add-button"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { TextField } from "../common/text-field"
import type { CarrierForm } from "./tracking-form"

type TrackingCarriersProps = {
  carriers: CarrierForm[]
  issues: FieldIssue[]
  onChange: (carriers: CarrierForm[]) => void
  onAdd: () => void
  onRemove: (index: number) => void
}

/** The carrier id and name the tracking service knows, per freight service. */
export const TrackingCarriers = ({ carriers, issues, onChange, onAdd, onRemove }: TrackingCarriersProps) => {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-3">
      <div>
        <Text size="small" weight="plus">
          {t("frete.tracking.carriersTitle")}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {t("frete.tracking.carriersDescription")}
        </Text>
      </div>
      <FieldErrors
        messages={messagesExactlyAt(issues, "tracking.carriers")}
        testId={`${rowTestId("tracking.carriers")}-error`}
      />
      {carriers.map((carrier, index) => {
        const path = `tracking.carriers.${index}`
        return (
          <div
            key={carrier.key}
            className="grid grid-cols-[1fr_1fr_1fr_auto] items-start gap-4"
            data-testid={rowTestId(path)}
          >
            <TextField
              path={`${path}.service`}
              label={t("frete.common.serviceCode")}
              placeholder="correios-sedex"
              hint={t("frete.common.serviceCodeHint")}
              value={carrier.service}
              issues={issues}
              onChange={(service) => onChange(replaceAt(carriers, index, { ...carrier, service }))}
            />
            <TextField
              path={`${path}.carrier_id`}
              label={t("frete.tracking.carrierId")}
              optional
              hint={t("frete.tracking.carrierIdHint")}
              value={carrier.carrier_id}
              issues={issues}
              onChange={(carrier_id) => onChange(replaceAt(carriers, index, { ...carrier, carrier_id }))}
            />
            <TextField
              path={`${path}.carrier_name`}
              label={t("frete.tracking.carrierName")}
              optional
              hint={t("frete.tracking.carrierNameHint")}
              value={carrier.carrier_name}
              issues={issues}
              onChange={(carrier_name) => onChange(replaceAt(carriers, index, { ...carrier, carrier_name }))}
            />
            <div className="pt-7">
              <RowActions
                testId={rowTestId(path)}
                noun={t("frete.tracking.carrierNoun")}
                onRemove={() => onRemove(index)}
              />
            </div>
          </div>
        )
      })}
      <AddButton path="tracking.carriers" label={t("frete.tracking.addCarrier")} onClick={onAdd} />
    </div>
  )
}
