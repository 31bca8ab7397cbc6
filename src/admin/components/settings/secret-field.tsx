import { Badge, Button, Hint, InlineTip, Input, Label, Text } from "@medusajs/ui"
import { messagesAt } from "../../lib/issues"
import type { FieldIssue, ServiceCredentials } from "../../lib/types"
import { FieldErrors } from "../common/field-errors"
import { fieldTestId } from "../common/field-id"
import type { SecretDraft } from "./credentials-draft"

type SecretFieldProps = {
  /** "freight_token" or "tracking_credential": the key under `secrets`. */
  name: "freight_token" | "tracking_credential"
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
export const SecretField = ({ name, label, state, draft, onChange, encryptionAvailable, issues }: SecretFieldProps) => {
  const path = `secrets.${name}`
  const id = fieldTestId(path)
  const testId = `frete-secret-${name}`
  const messages = messagesAt(issues, path)
  const fromServer = state.secret_source === "option"

  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        <Badge size="2xsmall" color={state.secret_set ? "green" : "grey"} data-testid={`${testId}-status`}>
          {state.secret_set ? "Definido" : "Não definido"}
        </Badge>
        {state.secret_set && state.secret_source && (
          <Text size="small" leading="compact" className="text-ui-fg-subtle" data-testid={`${testId}-source`}>
            {fromServer ? "pela configuração do servidor" : "pelo painel"}
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
          disabled={fromServer}
          placeholder={state.secret_set ? "Digite um novo valor para substituir" : "Cole aqui o valor"}
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
            Remover
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
            Desfazer
          </Button>
        )}
      </div>
      {fromServer ? (
        <Hint data-testid={`${id}-hint`}>
          Definido pela configuração do servidor (medusa-config ou variável de ambiente), que prevalece sobre o painel.
          Para trocá-lo, altere a configuração do servidor.
        </Hint>
      ) : (
        <Hint data-testid={`${id}-hint`}>
          {draft.remove
            ? "Será removido ao salvar."
            : "Por segurança, o valor salvo nunca é exibido. Deixe em branco para manter o atual."}
        </Hint>
      )}
      {!fromServer && !encryptionAvailable && (
        <InlineTip variant="warning" label="Atenção" data-testid={`${testId}-encryption-warning`}>
          Defina FRETE_ENCRYPTION_KEY no servidor para salvar segredos pelo painel.
        </InlineTip>
      )}
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
