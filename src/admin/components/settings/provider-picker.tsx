import { Badge, Checkbox, Hint, Label, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { FRETE_PROVIDER_ID, isFreteProvider } from "../../../lib/frete-provider"
import { listFulfillmentProviders } from "../../lib/api"
import { toApiError } from "../../lib/api-error"
import { messagesAt } from "../../lib/issues"
import { queryKeys } from "../../lib/query-keys"
import type { FieldIssue } from "../../../lib/admin-contract"
import { FieldErrors } from "../common/field-errors"
import { fieldTestId } from "../common/field-id"

/** The keys of the names of the providers known by name (this plugin's is told by `isFreteProvider`). */
const KNOWN_PROVIDERS: Record<string, string> = {
  [FRETE_PROVIDER_ID]: "frete.tracking.providerFrete",
  manual_manual: "frete.tracking.providerManual",
}

/** A provider's name a merchant reads: the known ones by name, the others by their id. */
export function providerLabel(t: TFunction, id: string): string {
  if (isFreteProvider(id) && id !== FRETE_PROVIDER_ID) {
    return `${t(KNOWN_PROVIDERS[FRETE_PROVIDER_ID])} (${id})`
  }
  return id in KNOWN_PROVIDERS ? t(KNOWN_PROVIDERS[id]) : id
}

/** `installed` is null while the store's list is not known: nothing is marked missing then. */
type ProviderOption = { id: string; installed: boolean | null }

/**
 * The store's providers, then the ids saved that the store no longer has: these stay shown and
 * checked, so that unchecking one is the merchant's choice, never a silent loss.
 */
export function providerOptions(installed: string[] | null, selected: string[]): ProviderOption[] {
  const known = new Set(installed ?? [])
  const missing = selected.filter((id, index) => !known.has(id) && selected.indexOf(id) === index)
  return [
    ...(installed ?? []).map((id) => ({ id, installed: true })),
    ...missing.map((id) => ({ id, installed: installed === null ? null : false })),
  ]
}

type ProviderPickerProps = {
  /** "tracking.provider_ids": names the group and picks its issues. */
  path: string
  selected: string[]
  issues: FieldIssue[]
  onChange: (selected: string[]) => void
}

/** Which of the store's fulfillment providers have their shipments tracked: one checkbox each. */
export const ProviderPicker = ({ path, selected, issues, onChange }: ProviderPickerProps) => {
  const { t } = useTranslation()
  const id = fieldTestId(path)
  const messages = messagesAt(issues, path)
  const providers = useQuery({ queryKey: queryKeys.fulfillmentProviders, queryFn: listFulfillmentProviders })
  const options = providerOptions(providers.data ? providers.data.map((provider) => provider.id) : null, selected)
  const toggle = (providerId: string, checked: boolean) =>
    onChange(
      checked
        ? [...selected.filter((item) => item !== providerId), providerId]
        : selected.filter((item) => item !== providerId)
    )

  return (
    <div className="flex flex-col gap-y-2 md:col-span-2" role="group" aria-labelledby={`${id}-label`} data-testid={id}>
      <Label id={`${id}-label`} size="small" weight="plus">
        {t("frete.tracking.providers")}
      </Label>
      <Hint data-testid={`${id}-hint`}>{t("frete.tracking.providersHint")}</Hint>
      {providers.isPending && (
        <Text size="small" className="text-ui-fg-subtle" data-testid={`${id}-loading`}>
          {t("frete.tracking.providersLoading")}
        </Text>
      )}
      {providers.isError && (
        <Text size="small" className="text-ui-fg-error" data-testid={`${id}-load-error`}>
          {t("frete.tracking.providersError", { message: toApiError(providers.error).message })}
        </Text>
      )}
      <div className="flex flex-col gap-y-3">
        {options.map((option) => {
          const checkboxId = `frete-provider-${option.id}`
          return (
            <div key={option.id} className="flex items-start gap-x-3">
              <Checkbox
                id={checkboxId}
                data-testid={checkboxId}
                checked={selected.includes(option.id)}
                onCheckedChange={(checked) => toggle(option.id, checked === true)}
              />
              <div className="flex flex-col">
                <div className="flex items-center gap-x-2">
                  <Label htmlFor={checkboxId} size="small" weight="plus" data-testid={`${checkboxId}-label`}>
                    {providerLabel(t, option.id)}
                  </Label>
                  {option.installed === false && (
                    <Badge size="2xsmall" color="orange" data-testid={`${checkboxId}-missing`}>
                      {t("frete.tracking.notInstalled")}
                    </Badge>
                  )}
                </div>
                <Text size="small" leading="compact" className="text-ui-fg-muted" data-testid={`${checkboxId}-id`}>
                  {option.id}
                </Text>
              </div>
            </div>
          )
        })}
      </div>
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
