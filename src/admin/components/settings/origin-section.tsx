import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSettingsSave } from "../../hooks/use-settings-save"
import { displayCep } from "../../lib/format"
import { textOrNull } from "../../lib/form-values"
import type { OriginProblem } from "../../../lib/admin-contract"
import type { FreteSettings } from "../../lib/types"
import { SettingsSection } from "../common/settings-section"
import { TextField } from "../common/text-field"
import { OriginProblemNotice } from "./origin-problem-notice"

const formFrom = (settings: FreteSettings) => displayCep(settings.origin_cep ?? "")

/**
 * The origin CEP used when a shipping option's stock location has none, and the freight API's
 * refusal of an origin (erro_id 101), which only the merchant can fix.
 */
export const OriginSection = ({ settings, problem }: { settings: FreteSettings; problem: OriginProblem | null }) => {
  const { t } = useTranslation()
  const [originCep, setOriginCep] = useState(() => formFrom(settings))
  const { save, isSaving, issues } = useSettingsSave({
    successMessage: t("frete.origin.saved"),
    onSaved: (response) => setOriginCep(formFrom(response.settings)),
  })

  return (
    <SettingsSection
      id="origin"
      title={t("frete.origin.title")}
      description={t("frete.origin.description")}
      save={{ onSave: () => save({ origin_cep: textOrNull(originCep) }), isSaving, issues, shown: ["origin_cep"] }}
    >
      <OriginProblemNotice problem={problem} />
      <div className="max-w-xs">
        <TextField
          path="origin_cep"
          label={t("frete.origin.cep")}
          optional
          inputMode="numeric"
          placeholder="00000-000"
          value={originCep}
          issues={issues}
          onChange={setOriginCep}
        />
      </div>
    </SettingsSection>
  )
}
