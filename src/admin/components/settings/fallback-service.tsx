import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messagesExactlyAt } from "../../lib/issues"
import { removeAt, replaceAt } from "../../lib/list"
import type { FieldIssue } from "../../../lib/admin-contract"
import { AddButton } from "../common/add-button"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { TextField } from "../common/text-field"
import { emptyBand, type FallbackBandForm, type FallbackServiceForm } from "./fallback-form"

type FallbackServiceProps = {
  index: number
  entry: FallbackServiceForm
  issues: FieldIssue[]
  onChange: (entry: FallbackServiceForm) => void
  onRemove: () => void
}

/** One service of the contingency table and its weight bands. */
export const FallbackService = ({ index, entry, issues, onChange, onRemove }: FallbackServiceProps) => {
  const { t } = useTranslation()
  const path = `fallback.${index}`
  const bandsPath = `${path}.bands`
  const updateBand = (bandIndex: number, band: FallbackBandForm) =>
    onChange({ ...entry, bands: replaceAt(entry.bands, bandIndex, band) })

  return (
    <div
      className="shadow-elevation-card-rest bg-ui-bg-component flex flex-col gap-y-4 rounded-lg p-4"
      data-testid={rowTestId(path)}
    >
      <div className="flex items-center justify-between">
        <Text size="small" weight="plus">
          {entry.name.trim() || t("frete.fallback.service", { number: index + 1 })}
        </Text>
        <RowActions testId={rowTestId(path)} noun={t("frete.fallback.serviceNoun")} onRemove={onRemove} />
      </div>
      <FieldErrors messages={messagesExactlyAt(issues, path)} testId={`${rowTestId(path)}-error`} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <TextField
          path={`${path}.service`}
          label={t("frete.common.serviceCode")}
          placeholder="correios-sedex"
          hint={t("frete.common.serviceCodeHint")}
          value={entry.service}
          issues={issues}
          onChange={(service) => onChange({ ...entry, service })}
        />
        <TextField
          path={`${path}.name`}
          label={t("frete.common.serviceName")}
          placeholder="Correios - SEDEX"
          value={entry.name}
          issues={issues}
          onChange={(name) => onChange({ ...entry, name })}
        />
        <TextField
          path={`${path}.carrier`}
          label={t("frete.common.carrier")}
          optional
          placeholder="correios"
          value={entry.carrier}
          issues={issues}
          onChange={(carrier) => onChange({ ...entry, carrier })}
        />
      </div>
      <div className="flex flex-col gap-y-3">
        <Text size="small" weight="plus">
          {t("frete.fallback.weightBands")}
        </Text>
        <FieldErrors messages={messagesExactlyAt(issues, bandsPath)} testId={`${rowTestId(bandsPath)}-error`} />
        {entry.bands.map((band, bandIndex) => {
          const bandPath = `${bandsPath}.${bandIndex}`
          return (
            <div
              key={band.key}
              className="grid grid-cols-[1fr_1fr_1fr_auto] items-start gap-4"
              data-testid={rowTestId(bandPath)}
            >
              <TextField
                path={`${bandPath}.max_weight_kg`}
                label={t("frete.fallback.maxWeight")}
                inputMode="decimal"
                value={band.max_weight_kg}
                issues={issues}
                onChange={(max_weight_kg) => updateBand(bandIndex, { ...band, max_weight_kg })}
              />
              <TextField
                path={`${bandPath}.price`}
                label={t("frete.fallback.price")}
                inputMode="decimal"
                value={band.price}
                issues={issues}
                onChange={(price) => updateBand(bandIndex, { ...band, price })}
              />
              <TextField
                path={`${bandPath}.days`}
                label={t("frete.fallback.days")}
                inputMode="numeric"
                value={band.days}
                issues={issues}
                onChange={(days) => updateBand(bandIndex, { ...band, days })}
              />
              <div className="pt-7">
                <RowActions
                  testId={rowTestId(bandPath)}
                  noun={t("frete.fallback.bandNoun")}
                  onRemove={() => onChange({ ...entry, bands: removeAt(entry.bands, bandIndex) })}
                />
              </div>
            </div>
          )
        })}
        <AddButton
          path={bandsPath}
          label={t("frete.fallback.addBand")}
          onClick={() => onChange({ ...entry, bands: [...entry.bands, emptyBand()] })}
        />
      </div>
    </div>
  )
}
