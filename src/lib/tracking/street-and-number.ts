import type { ShipmentFacts } from "./shipment-facts"
import { cleanText, firstReading, metadataText, type Reading } from "./reading"

/** The parts of a shipping address the street and the house number come from. */
export type StreetSource = Pick<NonNullable<ShipmentFacts["shippingAddress"]>, "address1" | "metadata">

/** A number at the end of address1: ", 156", " 45", ", nº 45", " - 45", ", s/n". */
const TRAILING_HOUSE_NUMBER = /^(.+?)(,\s*|\s+-?\s*)(?:n[º°o.]\s*)?(\d+[a-z]?|s\/n[º°]?)$/i
/** A number after one of these words is a flat, block or kilometre, not the house number. */
const COMPLEMENT_WORD = /(?:^|\s)(?:apto?|apartamento|sala|sl|bloco|bl|casa|lote|lt|quadra|qd|loja|lj|andar|conjunto|cj|km)\.?$/i

/**
 * The street and the house number of a shipping address. Medusa has no house-number field: a
 * number the storefront kept in the address metadata ("number" / "numero") wins, with address1
 * as the street; else a number at the end of address1 is split off. When neither gives one, the
 * number is left out rather than guessed.
 */
export function streetAndNumber(address: StreetSource | null | undefined): { street: string | null; number: Reading<string> } {
  const address1 = cleanText(address?.address1)
  const fromMetadata = firstReading([address?.metadata?.number, address?.metadata?.numero], (raw) => metadataText(raw, "Número do endereço"))
  if (fromMetadata !== null && "value" in fromMetadata) {
    return { street: address1, number: fromMetadata }
  }
  const split = address1 === null ? null : splitHouseNumber(address1)
  return split ?? { street: address1, number: fromMetadata }
}

function splitHouseNumber(address1: string): { street: string; number: Reading<string> } | null {
  const match = address1.match(TRAILING_HOUSE_NUMBER)
  if (!match) {
    return null
  }
  const [, street, separator, number] = match
  // Without a comma, "Rua 25" is a street name, not "Rua" at number 25.
  if (COMPLEMENT_WORD.test(street) || (!separator.includes(",") && !street.includes(" "))) {
    return null
  }
  return { street, number: { value: number.toUpperCase().startsWith("S/N") ? "S/N" : number.toUpperCase() } }
}
