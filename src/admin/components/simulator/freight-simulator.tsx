import { Button, Container, Heading, InlineTip, Label, Switch, Text } from "@medusajs/ui"
import { useMutation } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSettings } from "../../hooks/use-settings"
import { toApiError } from "../../lib/api-error"
import { displayCep } from "../../lib/format"
import { TextInput } from "../common/text-input"
import { CartLines, type CartLine } from "./cart-lines"
import { ProductPicker } from "./product-picker"
import { SimulatedOption } from "./simulated-option"
import { simulate, type PickableVariant } from "./simulator-api"

// Anything else goes as null (JSON has no NaN), and the server says what is wrong.
const quantityOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

/** A cart of the merchant's choosing to a CEP, priced as checkout would price it. */
export const FreightSimulator = () => {
  const { t } = useTranslation()
  const [cep, setCep] = useState("")
  const [lines, setLines] = useState<CartLine[]>([])
  const [askApi, setAskApi] = useState(false)
  const mutation = useMutation({ mutationFn: simulate })
  const failure = mutation.isError ? toApiError(mutation.error) : null
  const services = useSettings().data?.settings.services ?? []
  const serviceNames = new Map(services.map((service) => [service.metaname, service.display_name ?? service.name]))

  const add = (variant: PickableVariant) =>
    setLines((current) =>
      current.some((line) => line.variant.id === variant.id)
        ? current.map((line) =>
            line.variant.id === variant.id ? { ...line, quantity: String(Number(line.quantity) + 1) } : line
          )
        : [...current, { variant, quantity: "1" }]
    )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const items = lines.map((line) => ({ variant_id: line.variant.id, quantity: quantityOf(line.quantity) }))
    mutation.mutate({ postal_code: cep.trim(), items, ask_api: askApi })
  }
  const answer = mutation.data

  return (
    <div className="flex flex-col gap-y-3" data-testid="frete-simulator-page">
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading>{t("frete.simulator.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle mt-1">
            {t("frete.simulator.description")}
          </Text>
        </div>
        <form className="flex flex-col gap-y-4 px-6 py-4" onSubmit={onSubmit} noValidate>
          <div className="max-w-xs">
            <TextInput
              id="frete-simulator-cep"
              label={t("frete.simulator.cep")}
              inputMode="numeric"
              placeholder="00000-000"
              value={cep}
              onChange={setCep}
            />
          </div>
          <ProductPicker onPick={add} />
          <CartLines lines={lines} onChange={setLines} />
          <div className="flex items-start gap-x-3">
            <Switch
              id="frete-simulator-ask-api"
              data-testid="frete-simulator-ask-api"
              checked={askApi}
              onCheckedChange={setAskApi}
            />
            <div className="flex flex-col gap-y-1">
              <Label htmlFor="frete-simulator-ask-api" size="small" weight="plus">
                {t("frete.simulator.askApi")}
              </Label>
              <Text size="small" className="text-ui-fg-subtle">
                {t("frete.simulator.askApiHint")}
              </Text>
            </div>
          </div>
          <div>
            <Button
              type="submit"
              size="small"
              isLoading={mutation.isPending}
              disabled={!lines.length}
              data-testid="frete-simulator-submit"
            >
              {t("frete.simulator.submit")}
            </Button>
          </div>
          {failure && (
            <InlineTip variant="error" label={t("frete.simulator.errorLabel")} data-testid="frete-simulator-error">
              {failure.message}
            </InlineTip>
          )}
        </form>
      </Container>
      {answer && (
        <Container className="flex flex-col gap-y-4 px-6 py-4" data-testid="frete-simulator-result">
          <Heading level="h2">{t("frete.simulator.resultTitle", { cep: displayCep(answer.postal_code) })}</Heading>
          {answer.options.length === 0 && (
            <Text size="small" className="text-ui-fg-subtle" data-testid="frete-simulator-no-options">
              {t("frete.simulator.noOptions")}
            </Text>
          )}
          {answer.options.map((option) => (
            <SimulatedOption key={option.option_id} option={option} serviceNames={serviceNames} />
          ))}
        </Container>
      )}
    </div>
  )
}
