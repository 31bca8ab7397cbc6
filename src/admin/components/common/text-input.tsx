import { Hint, Input, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { FieldErrors } from "./field-errors"

export type TextInputProps = {
  /** The input's id and data-testid; its hint and errors get <id>-hint and <id>-error. */
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  messages?: string[]
  hint?: ReactNode
  optional?: boolean
  disabled?: boolean
  placeholder?: string
  type?: "text" | "password" | "url"
  inputMode?: "text" | "decimal" | "numeric" | "url"
}

/** A labelled input with its hint and error messages, laid out as the dashboard's forms. */
export const TextInput = ({
  id,
  label,
  value,
  onChange,
  messages = [],
  hint,
  optional = false,
  disabled = false,
  placeholder,
  type = "text",
  inputMode,
}: TextInputProps) => {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex items-center gap-x-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        {optional && (
          <Text size="small" leading="compact" className="text-ui-fg-muted">
            {t("frete.common.optional")}
          </Text>
        )}
      </div>
      <Input
        id={id}
        data-testid={id}
        size="small"
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={messages.length > 0}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && <Hint data-testid={`${id}-hint`}>{hint}</Hint>}
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
