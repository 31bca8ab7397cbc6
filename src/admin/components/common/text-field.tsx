import { messagesAt } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import { fieldTestId } from "./field-id"
import { TextInput, type TextInputProps } from "./text-input"

type TextFieldProps = Omit<TextInputProps, "id" | "messages"> & {
  /** Settings path of the value ("fallback.0.bands.1.price"): names the input, picks its issues. */
  path: string
  issues: FieldIssue[]
}

/** An input of a settings value, showing the server's issues at its path. */
export const TextField = ({ path, issues, ...input }: TextFieldProps) => (
  <TextInput id={fieldTestId(path)} messages={messagesAt(issues, path)} {...input} />
)
