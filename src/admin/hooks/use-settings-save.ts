import { useMutation, useQueryClient } from "@tanstack/react-query"
import { toast } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { saveSettings } from "../lib/api"
import { toApiError } from "../lib/api-error"
import { queryKeys } from "../lib/query-keys"
import type { FieldIssue } from "../../lib/admin-contract"
import type { SettingsPatch, SettingsResponse } from "../lib/types"

type Options = {
  /** Toast shown once saved, in the admin's language, e.g. "Origem salva". */
  successMessage: string
  /** Resets the section's form from what the server kept. */
  onSaved: (response: SettingsResponse) => void
}

/**
 * The toast of a refused save: the issues are shown at their fields, so it only says how many
 * fields to look at; without issues, the server's message.
 */
export function refusalToast(t: TFunction, issues: FieldIssue[], message: string): string {
  const fields = new Set(issues.map((issue) => issue.field)).size
  if (fields === 0) return message
  return fields === 1 ? t("frete.errors.fieldsOne") : t("frete.errors.fieldsOther", { fields })
}

/**
 * Saves one section of the settings. A refused save keeps the form as typed and gives the
 * server's issues, to be shown at their fields, plus a toast saying how many fields need a look.
 */
export function useSettingsSave({ successMessage, onSaved }: Options) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [issues, setIssues] = useState<FieldIssue[]>([])

  const mutation = useMutation({
    mutationFn: (patch: SettingsPatch) => saveSettings(patch),
    onSuccess: (response) => {
      queryClient.setQueryData(queryKeys.settings, response)
      setIssues([])
      onSaved(response)
      toast.success(successMessage)
    },
    onError: (error) => {
      const apiError = toApiError(error)
      setIssues(apiError.issues)
      toast.error(refusalToast(t, apiError.issues, apiError.message))
    },
  })

  return {
    save: (patch: SettingsPatch) => mutation.mutate(patch),
    isSaving: mutation.isPending,
    issues,
    /** Drops the issues, e.g. when rows move and their paths no longer match. */
    clearIssues: () => setIssues([]),
  }
}
