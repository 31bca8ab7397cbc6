import type { FieldIssue } from "../../lib/admin-contract"

/** Messages of the issues at `path` or below it: an input for "states" also shows "states.2". */
export function messagesAt(issues: FieldIssue[], path: string): string[] {
  return issues
    .filter((issue) => issue.field === path || issue.field.startsWith(`${path}.`))
    .map((issue) => issue.message)
}

/** Messages of the issues at exactly `path`: a row or a list, whose inputs show their own. */
export function messagesExactlyAt(issues: FieldIssue[], path: string): string[] {
  return issues.filter((issue) => issue.field === path).map((issue) => issue.message)
}

/**
 * Issues that no input of a section shows, for the section to list. `shown` names what its inputs
 * cover: "origin_cep" is that field and below it; "fallback." only what is below "fallback" (the
 * list itself then goes to the section).
 */
export function issuesOutside(issues: FieldIssue[], shown: string[]): FieldIssue[] {
  const covered = (field: string) =>
    shown.some((path) => (path.endsWith(".") ? field.startsWith(path) : field === path || field.startsWith(`${path}.`)))
  return issues.filter((issue) => !covered(issue.field))
}
