// Medusa names a fulfillment provider `<identifier>_<id>`: `frete_frete` in the documented setup.
// No import here: the server, the subscribers and the admin's bundle read this file.
export const FRETE_PROVIDER_IDENTIFIER = "frete"
export const FRETE_PROVIDER_ID = `${FRETE_PROVIDER_IDENTIFIER}_frete`
export const FRETE_MODULE = "frete"

/** Whatever id the store registered it with. */
export const isFreteProvider = (providerId: unknown): providerId is string =>
  typeof providerId === "string" && providerId.startsWith(`${FRETE_PROVIDER_IDENTIFIER}_`)
