import { ArrowDownMini, ArrowUpMini, Trash } from "@medusajs/icons"
import { IconButton } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

type Move = {
  /** Null at the top of the list. */
  up: (() => void) | null
  /** Null at the bottom of the list. */
  down: (() => void) | null
}

type RowActionsProps = {
  /** data-testid prefix: <testId>-up, <testId>-down, <testId>-remove. */
  testId: string
  /** What the row is, for screen readers, in the admin's language: "serviço", "faixa". */
  noun: string
  onRemove: () => void
  /** For ordered lists only. */
  move?: Move
}

/** The buttons at the end of a row: move it up or down (ordered lists), remove it. */
export const RowActions = ({ testId, noun, onRemove, move }: RowActionsProps) => {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-x-1">
      {move && (
        <>
          <IconButton
            type="button"
            size="small"
            variant="transparent"
            aria-label={t("frete.common.moveUpNoun", { noun })}
            title={t("frete.common.moveUp")}
            data-testid={`${testId}-up`}
            disabled={move.up === null}
            onClick={move.up ?? undefined}
          >
            <ArrowUpMini />
          </IconButton>
          <IconButton
            type="button"
            size="small"
            variant="transparent"
            aria-label={t("frete.common.moveDownNoun", { noun })}
            title={t("frete.common.moveDown")}
            data-testid={`${testId}-down`}
            disabled={move.down === null}
            onClick={move.down ?? undefined}
          >
            <ArrowDownMini />
          </IconButton>
        </>
      )}
      <IconButton
        type="button"
        size="small"
        variant="transparent"
        aria-label={t("frete.common.removeNoun", { noun })}
        title={t("frete.common.remove")}
        data-testid={`${testId}-remove`}
        onClick={onRemove}
      >
        <Trash />
      </IconButton>
    </div>
  )
}
