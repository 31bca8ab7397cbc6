import { Hint, Label, Select } from "@medusajs/ui"
import type { ReactNode } from "react"
import { fieldTestId } from "./field-id"
import { FieldErrors } from "./field-errors"

type SelectFieldProps<T extends string> = {
  /** Settings path of the value: names the trigger, <id>-<value> each item, <id>-error its messages. */
  path: string
  label: string
  value: T
  options: Array<{ value: T; label: string }>
  onChange: (value: T) => void
  messages: string[]
  hint?: ReactNode
}

/** A select of a settings value, with its label, hint and the server's messages. */
export function SelectField<T extends string>({
  path,
  label,
  value,
  options,
  onChange,
  messages,
  hint,
}: SelectFieldProps<T>) {
  const id = fieldTestId(path)
  return (
    <div className="flex flex-col gap-y-2">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
      </Label>
      <Select
        size="small"
        value={value}
        onValueChange={(picked) => {
          const option = options.find((candidate) => candidate.value === picked)
          if (option) onChange(option.value)
        }}
      >
        <Select.Trigger id={id} data-testid={id} aria-invalid={messages.length > 0}>
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value} data-testid={`${id}-${option.value}`}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
      {hint && <Hint data-testid={`${id}-hint`}>{hint}</Hint>}
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
