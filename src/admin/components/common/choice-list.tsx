import { Badge, Checkbox, Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { toggled } from "../../lib/list"
import { FieldErrors } from "./field-errors"
import { fieldTestId } from "./field-id"

export type Choice = { id: string; label: string; detail?: string }

type ChoiceListProps = {
  /** Settings path of the list of ids: names the group, <id>-<choice id> each checkbox. */
  path: string
  label: string
  hint: ReactNode
  /** Null while the store's list is loading. */
  choices: Choice[] | null
  selected: string[]
  onChange: (selected: string[]) => void
  messages: string[]
  /** Said beside an id checked that is not among the choices. */
  unknown: string
  status?: ReactNode
}

/**
 * Ids to pick among the store's, one checkbox each. An id saved that the store no longer lists
 * stays shown and checked: unchecking it is the merchant's choice, never a silent loss.
 */
export const ChoiceList = ({
  path,
  label,
  hint,
  choices,
  selected,
  onChange,
  messages,
  unknown,
  status,
}: ChoiceListProps) => {
  const id = fieldTestId(path)
  const known = choices ?? []
  const missing = selected.filter((item) => !known.some((choice) => choice.id === item))
  const shown = [...known, ...missing.map((item): Choice => ({ id: item, label: item }))]
  return (
    <div className="flex flex-col gap-y-2" role="group" aria-labelledby={`${id}-label`} data-testid={id}>
      <Label id={`${id}-label`} size="small" weight="plus">
        {label}
      </Label>
      <Hint data-testid={`${id}-hint`}>{hint}</Hint>
      {status}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {shown.map((choice) => {
          const boxId = `${id}-${choice.id}`
          return (
            <div key={choice.id} className="flex items-center gap-x-2">
              <Checkbox
                id={boxId}
                data-testid={boxId}
                checked={selected.includes(choice.id)}
                onCheckedChange={(checked) => onChange(toggled(selected, choice.id, checked === true))}
              />
              <Label htmlFor={boxId} size="small" data-testid={`${boxId}-label`}>
                {choice.label}
              </Label>
              {choice.detail && (
                <Text size="xsmall" className="text-ui-fg-muted">
                  {choice.detail}
                </Text>
              )}
              {choices !== null && missing.includes(choice.id) && (
                <Badge size="2xsmall" color="orange" data-testid={`${boxId}-missing`}>
                  {unknown}
                </Badge>
              )}
            </div>
          )
        })}
      </div>
      <FieldErrors messages={messages} testId={`${id}-error`} />
    </div>
  )
}
