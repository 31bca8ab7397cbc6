/** Immutable edits of the form's lists. */

export function replaceAt<T>(items: T[], index: number, item: T): T[] {
  return items.map((current, position) => (position === index ? item : current))
}

export function removeAt<T>(items: T[], index: number): T[] {
  return items.filter((_, position) => position !== index)
}

/** The list with the item at `from` moved to `to`; unchanged when `to` is out of range. */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) {
    return items
  }
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

/** The list with `item` in it (at the end) or out of it. */
export function toggled<T>(items: T[], item: T, included: boolean): T[] {
  const others = items.filter((current) => current !== item)
  return included ? [...others, item] : others
}

let counter = 0

/** A key for a row the merchant added or loaded, stable while the page is open. */
export function rowKey(): string {
  counter += 1
  return `row-${counter}`
}
