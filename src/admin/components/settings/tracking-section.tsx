import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { removeAt } from "../../lib/list"
import type { Credentials } from "../../../lib/admin-contract"
import type { FreteSettings } from "../../lib/types"
import { TrackingOffNotice, trackingOffReason } from "../tracking/tracking-off-notice"
import { SettingsSection } from "../common/settings-section"
import { SwitchField } from "../common/switch-field"
import { TextField } from "../common/text-field"
import { ProviderPicker } from "./provider-picker"
import { TrackingCarriers } from "./tracking-carriers"
import { emptyCarrier, trackingFrom, trackingPatch, type CarrierForm, type TrackingForm } from "./tracking-form"

/** What the tracking order takes from the merchant, and whether shipments get one at all (`tracking.enabled`). */
export const TrackingSection = ({ settings, credentials }: { settings: FreteSettings; credentials: Credentials }) => {
  const { t } = useTranslation()
  const [form, setForm] = useState(() => trackingFrom(settings))
  const { save, isSaving, issues, clearIssues } = useSettingsSave({
    successMessage: t("frete.tracking.saved"),
    onSaved: (response) => setForm(trackingFrom(response.settings)),
  })
  const update = (change: Partial<TrackingForm>) => setForm({ ...form, ...change })
  /** Adding or removing a carrier moves the paths the issues name: they are dropped. */
  const reshapeCarriers = (carriers: CarrierForm[]) => {
    clearIssues()
    update({ carriers })
  }

  return (
    <SettingsSection
      id="tracking"
      title={t("frete.tracking.title")}
      description={t("frete.tracking.description")}
      save={{ onSave: () => save({ tracking: trackingPatch(form) }), isSaving, issues, shown: ["tracking."] }}
    >
      <TrackingOffNotice reason={trackingOffReason(settings, credentials)} testId="frete-tracking-off" />
      <SwitchField
        path="tracking.enabled"
        label={t("frete.tracking.enabled")}
        hint={t("frete.tracking.enabledHint")}
        checked={form.enabled}
        issues={issues}
        onChange={(enabled) => update({ enabled })}
      />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <TextField
          path="tracking.company_document"
          label={t("frete.tracking.companyDocument")}
          optional
          placeholder="00.000.000/0000-00"
          value={form.company_document}
          issues={issues}
          onChange={(company_document) => update({ company_document })}
        />
        <TextField
          path="tracking.entry_source"
          label={t("frete.tracking.entrySource")}
          hint={t("frete.tracking.entrySourceHint")}
          value={form.entry_source}
          issues={issues}
          onChange={(entry_source) => update({ entry_source })}
        />
        <ProviderPicker
          path="tracking.provider_ids"
          selected={form.provider_ids}
          issues={issues}
          onChange={(provider_ids) => update({ provider_ids })}
        />
      </div>
      <div className="flex flex-col gap-y-4">
        <SwitchField
          path="tracking.send_sms"
          label={t("frete.tracking.sendSms")}
          hint={t("frete.tracking.sendSmsHint")}
          checked={form.send_sms}
          issues={issues}
          onChange={(send_sms) => update({ send_sms })}
        />
        <SwitchField
          path="tracking.send_email"
          label={t("frete.tracking.sendEmail")}
          hint={t("frete.tracking.sendEmailHint")}
          checked={form.send_email}
          issues={issues}
          onChange={(send_email) => update({ send_email })}
        />
        <SwitchField
          path="tracking.automatic_date_delivered"
          label={t("frete.tracking.automaticDateDelivered")}
          hint={t("frete.tracking.automaticDateDeliveredHint")}
          checked={form.automatic_date_delivered}
          issues={issues}
          onChange={(automatic_date_delivered) => update({ automatic_date_delivered })}
        />
      </div>
      <TrackingCarriers
        carriers={form.carriers}
        issues={issues}
        onChange={(carriers) => update({ carriers })}
        onAdd={() => reshapeCarriers([...form.carriers, emptyCarrier()])}
        onRemove={(index) => reshapeCarriers(removeAt(form.carriers, index))}
      />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <TextField
          path="tracking.cpf_metadata_key"
          label={t("frete.tracking.cpfKey")}
          hint={t("frete.tracking.cpfKeyHint")}
          value={form.cpf_metadata_key}
          issues={issues}
          onChange={(cpf_metadata_key) => update({ cpf_metadata_key })}
        />
        <TextField
          path="tracking.invoice_number_metadata_key"
          label={t("frete.tracking.invoiceNumberKey")}
          hint={t("frete.tracking.invoiceKeyHint")}
          value={form.invoice_number_metadata_key}
          issues={issues}
          onChange={(invoice_number_metadata_key) => update({ invoice_number_metadata_key })}
        />
        <TextField
          path="tracking.invoice_series_metadata_key"
          label={t("frete.tracking.invoiceSeriesKey")}
          hint={t("frete.tracking.invoiceKeyHint")}
          value={form.invoice_series_metadata_key}
          issues={issues}
          onChange={(invoice_series_metadata_key) => update({ invoice_series_metadata_key })}
        />
        <TextField
          path="tracking.payload_retention_days"
          label={t("frete.tracking.retentionDays")}
          hint={t("frete.tracking.retentionDaysHint")}
          inputMode="numeric"
          value={form.payload_retention_days}
          issues={issues}
          onChange={(payload_retention_days) => update({ payload_retention_days })}
        />
      </div>
    </SettingsSection>
  )
}
