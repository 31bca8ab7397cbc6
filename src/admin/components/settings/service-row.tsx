import { Badge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messagesExactlyAt } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import { FieldErrors } from "../common/field-errors"
import { rowTestId } from "../common/field-id"
import { RowActions } from "../common/row-actions"
import { SwitchField } from "../common/switch-field"
import { TextField } from "../common/text-field"
import type { ServiceForm } from "./services-form"

type ServiceRowProps = {
  index: number
  count: number
  service: ServiceForm
  issues: FieldIssue[]
  onChange: (service: ServiceForm) => void
  onMove: (to: number) => void
  onRemove: () => void
}

/** One known service: its position, whether it is offered, and its name at checkout. */
export const ServiceRow = ({ index, count, service, issues, onChange, onMove, onRemove }: ServiceRowProps) => {
  const { t } = useTranslation()
  const path = `services.${index}`
  return (
    <div
      className="shadow-elevation-card-rest bg-ui-bg-component flex flex-col gap-y-3 rounded-lg p-4"
      data-testid={rowTestId(path)}
    >
      <div className="flex items-center justify-between gap-x-4">
        <div className="flex min-w-0 items-center gap-x-2">
          <Badge size="2xsmall">{index + 1}</Badge>
          <Text size="small" weight="plus" className="truncate" data-testid={`${rowTestId(path)}-name`}>
            {service.name}
          </Text>
          <Text
            size="small"
            className="text-ui-fg-muted truncate"
            title={t("frete.services.metanameTitle")}
            data-testid={`${rowTestId(path)}-metaname`}
          >
            {service.metaname}
          </Text>
        </div>
        <RowActions
          testId={rowTestId(path)}
          noun={t("frete.services.noun")}
          onRemove={onRemove}
          move={{
            up: index > 0 ? () => onMove(index - 1) : null,
            down: index < count - 1 ? () => onMove(index + 1) : null,
          }}
        />
      </div>
      <FieldErrors messages={messagesExactlyAt(issues, path)} testId={`${rowTestId(path)}-error`} />
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <TextField
          path={`${path}.display_name`}
          label={t("frete.services.displayName")}
          optional
          placeholder={service.name}
          hint={t("frete.services.displayNameHint")}
          value={service.display_name}
          issues={issues}
          onChange={(display_name) => onChange({ ...service, display_name })}
        />
        <div className="md:pt-7">
          <SwitchField
            path={`${path}.enabled`}
            label={t("frete.services.enabled")}
            checked={service.enabled}
            issues={issues}
            onChange={(enabled) => onChange({ ...service, enabled })}
          />
        </div>
      </div>
    </div>
  )
}
