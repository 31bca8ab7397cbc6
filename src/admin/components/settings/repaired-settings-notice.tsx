import { Alert } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/**
 * Stored settings that no longer passed the schema (an update changed a rule, or the row was
 * edited by hand) are back at their default while the others are kept; the next save stores that
 * default. Said at the top of the page, so that the merchant checks those fields before then.
 */
export const RepairedSettingsNotice = ({ fields }: { fields: string[] | undefined }) => {
  const { t } = useTranslation()
  if (!fields?.length) return null
  return (
    <Alert variant="warning" data-testid="frete-settings-repaired">
      <p className="font-medium">{t("frete.page.repairedLabel")}</p>
      <p className="mt-1">{t("frete.page.repaired", { fields: fields.join(", ") })}</p>
    </Alert>
  )
}
