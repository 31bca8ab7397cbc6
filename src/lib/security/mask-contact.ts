/**
 * A phone number and an e-mail address, masked: enough for a merchant to recognise the shopper,
 * too little to be the data. A masked value is left as it is, so masking twice changes nothing.
 */

const MASKED_PHONE = /^\((?:\d{2}|\*\*)\) \*{4,5}-(?:\d{4}|\*{4})$/

/** "21987654321" -> "(21) *****-4321"; anything that is not a Brazilian number, entirely masked. */
export function maskPhone(value: string): string {
  if (MASKED_PHONE.test(value)) {
    return value
  }
  const digits = value.replace(/\D/g, "")
  if (!/^\d{10,11}$/.test(digits)) {
    return "(**) *****-****"
  }
  return `(${digits.slice(0, 2)}) ${"*".repeat(digits.length - 6)}-${digits.slice(-4)}`
}

/** "maria@example.com.br" -> "m***@example.com.br"; no "@", entirely masked. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@")
  if (at < 1) {
    return "***"
  }
  return `${value[0]}***${value.slice(at)}`
}
