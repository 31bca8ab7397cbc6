import { Hint, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { listShippingProfiles } from "../../lib/api"
import { toApiError } from "../../lib/api-error"
import { messagesAt } from "../../lib/issues"
import { queryKeys } from "../../lib/query-keys"
import type { FieldIssue } from "../../../lib/admin-contract"
import { ChoiceList, type Choice } from "../common/choice-list"
import { TextField } from "../common/text-field"
import { CepRangesField } from "./cep-ranges-field"
import { RuleProducts } from "./rule-products"
import { BOUNDS, type RuleForm } from "./rules-form"

type RuleScopeProps = {
  /** "rules.0" */
  path: string
  rule: RuleForm
  /** The store's services, as the services section names them. */
  services: Choice[]
  issues: FieldIssue[]
  onChange: (rule: RuleForm) => void
}

/** Which carts a rule reaches: each field left blank reaches every cart, the ones given must all hold. */
export const RuleScope = ({ path, rule, services, issues, onChange }: RuleScopeProps) => {
  const { t } = useTranslation()
  const scope = `${path}.scope`
  const profiles = useQuery({ queryKey: queryKeys.shippingProfiles, queryFn: listShippingProfiles })

  return (
    <div className="flex flex-col gap-y-4">
      <div className="flex flex-col gap-y-1">
        <Text size="small" weight="plus">
          {t("frete.rules.scope")}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {t("frete.rules.scopeHint")}
        </Text>
      </div>
      <ChoiceList
        path={`${scope}.services`}
        label={t("frete.rules.services")}
        hint={t("frete.rules.servicesHint")}
        choices={services}
        selected={rule.services}
        messages={messagesAt(issues, `${scope}.services`)}
        unknown={t("frete.rules.notConfigured")}
        onChange={(selected) => onChange({ ...rule, services: selected })}
      />
      <div className="md:w-1/2">
        <TextField
          path={`${scope}.states`}
          label={t("frete.rules.states")}
          optional
          placeholder="SP, RJ, MG"
          hint={t("frete.rules.statesHint")}
          value={rule.states}
          issues={issues}
          onChange={(states) => onChange({ ...rule, states })}
        />
      </div>
      <div className="flex flex-col gap-y-2">
        <div className="grid grid-cols-2 items-start gap-4 md:grid-cols-4">
          {BOUNDS.map((bound) => (
            <TextField
              key={bound}
              path={`${scope}.${bound}`}
              label={t(`frete.rules.bounds.${bound}`)}
              optional
              inputMode="decimal"
              value={rule[bound]}
              issues={issues}
              onChange={(text) => onChange({ ...rule, [bound]: text })}
            />
          ))}
        </div>
        <Hint>{t("frete.rules.boundsHint")}</Hint>
      </div>
      <CepRangesField
        path={`${scope}.cep_ranges`}
        ranges={rule.cep_ranges}
        issues={issues}
        onChange={(cep_ranges) => onChange({ ...rule, cep_ranges })}
      />
      <RuleProducts
        path={`${scope}.product_ids`}
        ids={rule.product_ids}
        issues={issues}
        onChange={(product_ids) => onChange({ ...rule, product_ids })}
      />
      <ChoiceList
        path={`${scope}.shipping_profile_ids`}
        label={t("frete.rules.profiles")}
        hint={t("frete.rules.profilesHint")}
        choices={profiles.data?.map((profile) => ({ id: profile.id, label: profile.name })) ?? null}
        selected={rule.shipping_profile_ids}
        messages={messagesAt(issues, `${scope}.shipping_profile_ids`)}
        unknown={t("frete.rules.notFound")}
        status={
          profiles.isError && (
            <Text size="small" className="text-ui-fg-error">
              {t("frete.rules.profilesError", { message: toApiError(profiles.error).message })}
            </Text>
          )
        }
        onChange={(selected) => onChange({ ...rule, shipping_profile_ids: selected })}
      />
    </div>
  )
}
