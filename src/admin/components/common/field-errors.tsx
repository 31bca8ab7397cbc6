import { Hint } from "@medusajs/ui"

type FieldErrorsProps = {
  messages: string[]
  testId: string
}

/** The server's messages for one field, row or list; nothing when there are none. */
export const FieldErrors = ({ messages, testId }: FieldErrorsProps) => {
  if (messages.length === 0) {
    return null
  }
  return (
    <Hint variant="error" data-testid={testId}>
      {messages.join(" ")}
    </Hint>
  )
}
