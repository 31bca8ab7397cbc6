import { Plus } from "@medusajs/icons"
import { Button } from "@medusajs/ui"

type AddButtonProps = {
  /** Settings path of the list: names the data-testid, frete-add-<path>. */
  path: string
  label: string
  onClick: () => void
}

/** "Adicionar …" under a list. */
export const AddButton = ({ path, label, onClick }: AddButtonProps) => (
  <div>
    <Button type="button" size="small" variant="secondary" data-testid={`frete-add-${path}`} onClick={onClick}>
      <Plus />
      {label}
    </Button>
  </div>
)
