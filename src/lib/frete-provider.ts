// No import here: the admin's bundle reads this file. Medusa names a provider `<identifier>_<id>`: `frete_frete`.
export const FRETE_PROVIDER_IDENTIFIER = "frete"
export const FRETE_PROVIDER_ID = `${FRETE_PROVIDER_IDENTIFIER}_frete`
export const FRETE_MODULE = "frete"

/** Whatever id the store registered it with. */
export const isFreteProvider = (providerId: unknown): providerId is string =>
  typeof providerId === "string" && providerId.startsWith(`${FRETE_PROVIDER_IDENTIFIER}_`)
