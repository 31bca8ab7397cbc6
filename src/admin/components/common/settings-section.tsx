import { Button, Container, Heading, Text } from "@medusajs/ui"
import type { FormEvent, ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { issuesOutside } from "../../lib/issues"
import type { FieldIssue } from "../../../lib/admin-contract"
import { FieldErrors } from "./field-errors"

type SaveProps = {
  onSave: () => void
  isSaving: boolean
  issues: FieldIssue[]
  /** What the section's inputs show (see issuesOutside); the other issues are listed here. */
  shown: string[]
}

type SettingsSectionProps = {
  /** Names the section's data-testids: frete-section-<id>, frete-section-<id>-save. */
  id: string
  title: string
  description: ReactNode
  children: ReactNode
  save?: SaveProps
}

/** A settings section as the dashboard lays one out: header, body, and its own "Salvar". */
export const SettingsSection = ({ id, title, description, children, save }: SettingsSectionProps) => {
  const { t } = useTranslation()
  const testId = `frete-section-${id}`
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save?.onSave()
  }
  const body = (
    <>
      <div className="px-6 py-4">
        <Heading level="h2">{title}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {description}
        </Text>
      </div>
      <div className="flex flex-col gap-y-4 px-6 py-4">{children}</div>
    </>
  )

  if (!save) {
    return (
      <Container className="divide-y p-0" data-testid={testId}>
        {body}
      </Container>
    )
  }

  const outside = issuesOutside(save.issues, save.shown)
  return (
    <Container className="p-0" data-testid={testId}>
      <form className="divide-y" onSubmit={onSubmit} noValidate>
        {body}
        <div className="flex items-center justify-end gap-x-4 px-6 py-4">
          <FieldErrors messages={outside.map((issue) => issue.message)} testId={`${testId}-error`} />
          <Button type="submit" size="small" isLoading={save.isSaving} data-testid={`${testId}-save`}>
            {t("frete.common.save")}
          </Button>
        </div>
      </form>
    </Container>
  )
}
