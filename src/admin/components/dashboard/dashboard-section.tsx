import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A card of the Frete page: its title, what it counts, then its chart and figures. */
export const DashboardSection = ({
  title,
  description,
  testId,
  children,
}: {
  title: string
  description: string
  testId: string
  children: ReactNode
}) => (
  <Container className="flex flex-col gap-y-4 px-6 py-4" data-testid={testId}>
    <div>
      <Heading level="h2">{title}</Heading>
      <Text size="small" className="text-ui-fg-subtle mt-1">
        {description}
      </Text>
    </div>
    {children}
  </Container>
)

/** A figure under a chart: its label, then its number. */
export const Figure = ({
  label,
  value,
  testId,
  swatch,
}: {
  label: string
  value: string
  testId: string
  swatch?: ReactNode
}) => (
  <div className="flex items-center gap-x-2">
    {swatch}
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" weight="plus" data-testid={testId}>
      {value}
    </Text>
  </div>
)
