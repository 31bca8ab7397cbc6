/**
 * Which fulfillment provider is this plugin's. Medusa names a provider `<identifier>_<id>`: the
 * provider's static identifier (`frete`) and the id its registration gives it in the store's
 * config (`frete` in the documented setup, hence `frete_frete`). Plain TypeScript with no import:
 * the server, the subscribers and the admin's bundle all read this one file.
 */

/** The provider's static identifier (`FreteFulfillmentProviderService.identifier`). */
export const FRETE_PROVIDER_IDENTIFIER = "frete"

/** The provider's id in a store set up as documented; the default of `tracking.provider_ids`. */
export const FRETE_PROVIDER_ID = `${FRETE_PROVIDER_IDENTIFIER}_frete`

/** Whether a fulfillment provider id (a shipping option's, a fulfillment's) is this plugin's, whatever id the store registered it with. */
export function isFreteProvider(providerId: unknown): providerId is string {
  return typeof providerId === "string" && providerId.startsWith(`${FRETE_PROVIDER_IDENTIFIER}_`)
}
