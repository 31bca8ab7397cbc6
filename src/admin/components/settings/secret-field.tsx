import { Badge, Button, Hint, InlineTip, Input, Label, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { messagesAt } from "../../lib/issues"
import type { FieldIssue, ServiceCredentials } from "../../../lib/admin-contract"
import { FieldErrors } from "../common/field-errors"
import { fieldTestId } from "../common/field-id"
import { serverSetText, type SecretDraft } from "./credentials-draft"

type SecretFieldProps = {
  /** "freight_token" or "tracking_credential": the key under `secrets`. */
  name: "freight_token" | "tracking_credential"
  /** The server's environment variable that sets it ("FRETE_FREIGHT_TOKEN"). */
  variable: string
  label: string
  state: ServiceCredentials
  draft: SecretDraft
  onChange: (draft: SecretDraft) => void
  encryptionAvailable: boolean
  issues: FieldIssue[]
}

/**
 * A write-only secret: whether it is set and by whom, an input to replace it (never filled from
 * the server) and "Remover" for one saved from the admin.
 */
export const SecretField = ({
  name,
  variable,
  label,
  state,
  draft,
  onChange,
  encryptionAvailable,
  issues,
}: SecretFieldProps) => {
  const { t } = useTranslation()
  const path = `secrets.${name}`
  const id = fieldTestId(path)
  const testId = `frete-secret-${name}`
  const messages = messagesAt(issues, path)
  const fromServer = state.secret_source === "option"
  /** Without the encryption key nothing can be typed here; a secret saved here can still be removed. */
  const typeable = !fromServer && encryptionAvailable
  const placeholder = typeable
    ? state.secret_set
      ? t("frete.secret.replacePlaceholder")
      : t("frete.secret.pastePlaceholder")
    : undefined

  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        <Badge size="2xsmall" color={state.secret_set ? "green" : "grey"} data-testid={`${testId}-status`}>
          {state.secret_set ? t("frete.secret.set") : t("frete.secret.notSet")}
        </Badge>
        {state.secret_set && state.secret_source && (
          <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid={`${testId}-source`}>
            {fromServer ? t("frete.secret.onServer") : t("frete.secret.fromAdmin")}
          </Text>
        )}
      </div>
      <div className="flex items-center gap-x-2">
        <Input
          id={id}
          data-testid={id}
          size="small"
          type="password"
          autoComplete="new-password"
          value={draft.value}
          disabled={!typeable}
          placeholder={placeholder}
          aria-invalid={messages.length > 0}
          onChange={(event) => onChange({ value: event.target.value, remove: false })}
        />
        {state.secret_source === "settings" && !draft.remove && (
          <Button
            type="button"
            size="small"
            variant="secondary"
            data-testid={`${testId}-remove`}
            onClick={() => onChange({ value: "", remove: true })}
          >
            {t("frete.secret.remove")}
          </Button>
        )}
        {draft.remove && (
          <Button
            type="button"
            size="small"
            variant="secondary"
            data-testid={`${testId}-undo-remove`}
            onClick={() => onChange({ value: "", remove: false })}
          >
            {t("frete.secret.undo")}
          </Button>
        )}
      </div>
      {fromServer ? (
        <Hint data-testid={`${id}-hint`}>{serverSetText(t, variable)}</Hint>
      ) : !encryptionAvailable && !draft.remove ? (
        <Hint data-testid={`${id}-hint`}>
          {t("frete.secret.noEncryption")}
          {state.secret_source === "settings" ? ` ${t("frete.secret.savedCanBeRemoved")}` : ""}
        </Hint>
      ) : (
        <Hint data-testid={`${id}-hint`}>
          {draft.remove ? t("frete.secret.willBeRemoved") : t("frete.secret.neverShown")}
        </Hint>
      )}
      {!fromServer && !encryptionAvailable && (
        <InlineTip
          variant="warning"
          label={t("frete.secret.warningLabel")}
          data-testid={`${testId}-encryption-warning`}
        >
          {t("frete.secret.encryptionWarning")}
        </InlineTip>
      )}
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
