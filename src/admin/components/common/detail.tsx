import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** One label and its value, side by side, as the order page's own cards show them. */
export const Detail = ({ label, testId, children }: { label: string; testId: string; children: ReactNode }) => (
  <div className="grid grid-cols-2 gap-x-2">
    <Text size="small" leading="compact" weight="plus" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" leading="compact" className="text-ui-fg-subtle break-words" data-testid={testId}>
      {children}
    </Text>
  </div>
)
