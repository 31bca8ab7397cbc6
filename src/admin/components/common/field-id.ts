/** The id and data-testid of the input of a settings path ("fallback.0.bands.1.price"). */
export function fieldTestId(path: string): string {
  return `frete-field-${path}`
}

/** The data-testid of a row or a list of a settings path ("services.2"). */
export function rowTestId(path: string): string {
  return `frete-row-${path}`
}
