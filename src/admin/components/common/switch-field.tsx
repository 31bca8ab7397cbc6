import { Hint, Label, Switch } from "@medusajs/ui"
import type { ReactNode } from "react"
import { messagesAt } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import { FieldErrors } from "./field-errors"
import { fieldTestId } from "./field-id"

type SwitchFieldProps = {
  path: string
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  issues: FieldIssue[]
  hint?: ReactNode
}

/** A switch with its label, hint and the server's messages for its path. */
export const SwitchField = ({ path, label, checked, onChange, issues, hint }: SwitchFieldProps) => {
  const id = fieldTestId(path)
  const messages = messagesAt(issues, path)
  return (
    <div className="flex items-start gap-x-3">
      <Switch
        id={id}
        data-testid={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-invalid={messages.length > 0}
      />
      <div className="flex flex-col gap-y-1">
        <Label htmlFor={id} size="small" weight="plus">
          {label}
        </Label>
        {hint && <Hint data-testid={`${id}-hint`}>{hint}</Hint>}
        <FieldErrors messages={messages} testId={`${id}-error`} />
      </div>
    </div>
  )
}
