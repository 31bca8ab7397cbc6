import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { SettingsForm } from "../../../components/settings/settings-form"
import { useSettings } from "../../../hooks/use-settings"
import { toApiError } from "../../../lib/api-error"

/** Settings > Frete: freight quotes at checkout and shipment tracking. */
const FreteSettingsPage = () => {
  const { t } = useTranslation()
  const { data, isPending, isError, error, refetch, isRefetching } = useSettings()

  return (
    <div className="flex flex-col gap-y-3" data-testid="frete-settings-page">
      <Container className="px-6 py-4">
        <Heading>{t("frete.page.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {t("frete.page.description")}
        </Text>
      </Container>
      {isPending && (
        <Container className="px-6 py-4" data-testid="frete-settings-loading">
          <Text size="small" className="text-ui-fg-subtle">
            {t("frete.page.loading")}
          </Text>
        </Container>
      )}
      {isError && (
        <Container className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="frete-settings-error">
          <Text size="small" className="text-ui-fg-error">
            {t("frete.page.loadError", { message: toApiError(error).message })}
          </Text>
          <Button
            type="button"
            size="small"
            variant="secondary"
            isLoading={isRefetching}
            data-testid="frete-settings-reload"
            onClick={() => refetch()}
          >
            {t("frete.page.retry")}
          </Button>
        </Container>
      )}
      {data && <SettingsForm data={data} />}
    </div>
  )
}

export const config = defineRouteConfig({
  // A key of the admin's texts (src/admin/i18n), translated by the dashboard in its language.
  label: "frete.menu.label",
  translationNs: "translation",
})

export default FreteSettingsPage
