import { Button, Input, Label, Text } from "@medusajs/ui"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { useDeferredValue, useState } from "react"
import { useTranslation } from "react-i18next"

type SearchPickerProps<T> = {
  /** The input's id and data-testid; <id>-results, <id>-empty, <id>-add-<key> the rest. */
  id: string
  label: string
  placeholder: string
  /** Said when the search finds nothing. */
  empty: string
  /** Names the search's answers in React Query's cache. */
  queryKey: string
  search: (text: string) => Promise<T[]>
  keyOf: (item: T) => string
  labelOf: (item: T) => string
  onPick: (item: T) => void
}

/** A search of the store (Medusa's own), each thing found with an "Add" button. */
export function SearchPicker<T>({
  id,
  label,
  placeholder,
  empty,
  queryKey,
  search,
  keyOf,
  labelOf,
  onPick,
}: SearchPickerProps<T>) {
  const { t } = useTranslation()
  const [text, setText] = useState("")
  const searched = useDeferredValue(text.trim())
  const { data, isFetching } = useQuery({
    queryKey: ["frete", queryKey, searched],
    queryFn: () => search(searched),
    enabled: searched.length > 0,
    placeholderData: keepPreviousData,
  })
  const found = searched ? (data ?? []) : []

  return (
    <div className="flex flex-col gap-y-2">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
      </Label>
      <Input
        id={id}
        data-testid={id}
        size="small"
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {searched && !isFetching && found.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle" data-testid={`${id}-empty`}>
          {empty}
        </Text>
      )}
      {found.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border" data-testid={`${id}-results`}>
          {found.map((item) => (
            <li key={keyOf(item)} className="flex items-center justify-between gap-x-4 px-3 py-2">
              <Text size="small">{labelOf(item)}</Text>
              <Button
                type="button"
                size="small"
                variant="secondary"
                data-testid={`${id}-add-${keyOf(item)}`}
                onClick={() => onPick(item)}
              >
                {t("frete.common.add")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
