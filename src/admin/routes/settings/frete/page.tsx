import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, Text } from "@medusajs/ui"
import { SettingsForm } from "../../../components/settings/settings-form"
import { useSettings } from "../../../hooks/use-settings"
import { toApiError } from "../../../lib/api-error"

/** Settings > Frete: freight quotes at checkout and shipment tracking. */
const FreteSettingsPage = () => {
  const { data, isPending, isError, error, refetch, isRefetching } = useSettings()

  return (
    <div className="flex flex-col gap-y-3" data-testid="frete-settings-page">
      <Container className="px-6 py-4">
        <Heading>Frete</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          Cotação de frete no checkout e rastreamento dos envios. Cada seção é salva pelo seu próprio botão Salvar.
        </Text>
      </Container>
      {isPending && (
        <Container className="px-6 py-4" data-testid="frete-settings-loading">
          <Text size="small" className="text-ui-fg-subtle">
            Carregando configurações…
          </Text>
        </Container>
      )}
      {isError && (
        <Container className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="frete-settings-error">
          <Text size="small" className="text-ui-fg-error">
            Não foi possível carregar as configurações: {toApiError(error).message}
          </Text>
          <Button
            type="button"
            size="small"
            variant="secondary"
            isLoading={isRefetching}
            data-testid="frete-settings-reload"
            onClick={() => refetch()}
          >
            Tentar novamente
          </Button>
        </Container>
      )}
      {data && <SettingsForm data={data} />}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Frete",
})

export default FreteSettingsPage
