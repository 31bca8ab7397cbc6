// Fixtures shared by the offers spec files: the moment the offers are made (a national holiday), and the settings:
// the merchant's services and a fallback table.
import { freteSettingsSchema } from "../../settings/schema"

/**
 * Friday 20 November 2026, noon in São Paulo: Consciência Negra, a national holiday, so the next
 * business day is Monday 23.
 */
export const NOW = new Date("2026-11-20T15:00:00Z")

/**
 * The merchant lists SEDEX first (renamed), then PAC; Jadlog .Package is disabled; the auction
 * "leilao" has one renamed service. The fallback table lists, in an order of its own, Azul (not
 * among the services, up to 2 kg), SEDEX (up to 5 kg), PAC (up to 30 kg) and .Package.
 */
export const SETTINGS = freteSettingsSchema.parse({
  services: [
    { metaname: "correios-sedex", name: "SEDEX", display_name: "Entrega expressa" },
    { metaname: "correios-pac", name: "PAC" },
    { metaname: "jadlog-package", name: ".Package", enabled: false },
    { metaname: "leilao", name: "Leilão Loggi", display_name: "Melhor oferta" },
  ],
  fallback: [
    {
      service: "azul-amanha",
      name: "Azul Amanhã (tabela)",
      carrier: "azul",
      bands: [{ max_weight_kg: 2, price: 99.9, days: 1 }],
    },
    {
      service: "correios-sedex",
      name: "SEDEX (tabela)",
      carrier: "correios",
      bands: [{ max_weight_kg: 5, price: 79.9, days: 3 }],
    },
    {
      service: "correios-pac",
      name: "PAC (tabela)",
      carrier: "correios",
      bands: [
        // Given out of order: the schema sorts bands by weight.
        { max_weight_kg: 30, price: 59.9, days: 8 },
        { max_weight_kg: 1, price: 29.9, days: 6 },
      ],
    },
    {
      service: "jadlog-package",
      name: ".Package (tabela)",
      carrier: "jadlog",
      bands: [{ max_weight_kg: 30, price: 19.9, days: 5 }],
    },
  ],
})
