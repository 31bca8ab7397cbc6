import { Button, Input, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { variantLabel } from "./product-picker"
import type { PickableVariant } from "./simulator-api"

export type CartLine = { variant: PickableVariant; quantity: string }

type CartLinesProps = { lines: CartLine[]; onChange: (lines: CartLine[]) => void }

/** The simulated cart: each variant picked, its quantity, and a way to take it out. */
export const CartLines = ({ lines, onChange }: CartLinesProps) => {
  const { t } = useTranslation()
  if (!lines.length)
    return (
      <Text size="small" className="text-ui-fg-subtle" data-testid="frete-simulator-cart-empty">
        {t("frete.simulator.cartEmpty")}
      </Text>
    )
  const change = (index: number, line: CartLine | null) =>
    onChange(lines.flatMap((current, at) => (at !== index ? [current] : line ? [line] : [])))
  return (
    <ul className="flex flex-col gap-y-2" data-testid="frete-simulator-cart">
      {lines.map((line, index) => (
        <li key={line.variant.id} className="flex items-center gap-x-3" data-testid={`frete-simulator-line-${index}`}>
          <Text size="small" className="flex-1">
            {variantLabel(line.variant)}
          </Text>
          <Input
            className="w-24"
            size="small"
            inputMode="numeric"
            aria-label={t("frete.simulator.quantity")}
            data-testid={`frete-simulator-line-${index}-quantity`}
            value={line.quantity}
            onChange={(event) => change(index, { ...line, quantity: event.target.value })}
          />
          <Button
            type="button"
            size="small"
            variant="transparent"
            data-testid={`frete-simulator-line-${index}-remove`}
            onClick={() => change(index, null)}
          >
            {t("frete.common.remove")}
          </Button>
        </li>
      ))}
    </ul>
  )
}
