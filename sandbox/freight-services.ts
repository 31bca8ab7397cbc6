/**
 * The carrier services the sandbox quotes, with their tariffs. Figures are invented but shaped
 * like real Brazilian tables: Jadlog is always the cheapest, SEDEX the fastest within a city
 * (same day) and Azul Cargo the fastest elsewhere, so "cheapest" and "fastest" never coincide.
 */
import type { Region, RouteTier } from "./postal-base"

/** One figure per route tier: city, state, region, neighbour region, far. */
type ByTier = Readonly<Record<RouteTier, number>>

function byTier(city: number, state: number, region: number, neighbour: number, far: number): ByTier {
  return { city, state, region, neighbour, far }
}

export interface FreightService {
  metaname: string
  name: string
  carrier: string
  logo: string
  /** servico_transporte: the sandbox writes 1 for surface and 2 for air services. */
  transport: number
  /** Reais charged per shipment. */
  basePrice: ByTier
  /** Reais per billable kilogram. */
  pricePerKg: ByTier
  /** Share of the invoice value charged as insurance (ad valorem). */
  adValorem: number
  /** Share of the price that the merchant pays the carrier (cotacao_custo). */
  costShare: number
  days: ByTier
  /** Destination regions where the service cannot promise a deadline (cotacao_prazo 101). */
  unknownDeadlineIn: readonly Region[]
}

const LOGOS = "/media/uploads/transportadoras/logos"

export const FREIGHT_SERVICES: readonly FreightService[] = [
  {
    metaname: "correios-pac",
    name: "Correios - PAC",
    carrier: "correios",
    logo: `${LOGOS}/correios_pac.png`,
    transport: 1,
    basePrice: byTier(15.9, 19.9, 26.9, 33.9, 42.9),
    pricePerKg: byTier(1.1, 1.7, 2.8, 4.1, 5.8),
    adValorem: 0.005,
    costShare: 0.85,
    days: byTier(3, 5, 7, 9, 12),
    unknownDeadlineIn: [],
  },
  {
    metaname: "correios-sedex",
    name: "Correios - SEDEX",
    carrier: "correios",
    logo: `${LOGOS}/correios_sedex.png`,
    transport: 2,
    basePrice: byTier(21.9, 27.9, 36.9, 46.9, 62.9),
    pricePerKg: byTier(2.4, 3.5, 5.4, 7.8, 10.8),
    adValorem: 0.01,
    costShare: 0.85,
    days: byTier(0, 2, 3, 4, 5),
    unknownDeadlineIn: [],
  },
  {
    metaname: "jadlog-package",
    name: "Jadlog - .Package",
    carrier: "jadlog",
    logo: `${LOGOS}/jadlog_package.png`,
    transport: 1,
    basePrice: byTier(12.5, 16.9, 22.9, 28.9, 36.9),
    pricePerKg: byTier(0.9, 1.4, 2.3, 3.4, 4.8),
    adValorem: 0.003,
    costShare: 0.8,
    days: byTier(2, 4, 6, 8, 10),
    unknownDeadlineIn: [],
  },
  {
    metaname: "azul-amanha",
    name: "Azul Cargo - Amanhã",
    carrier: "azul-cargo",
    logo: `${LOGOS}/azul_amanha.png`,
    transport: 2,
    basePrice: byTier(29.9, 34.9, 44.9, 56.9, 72.9),
    pricePerKg: byTier(3.1, 4.2, 6.3, 8.9, 12.6),
    adValorem: 0.012,
    costShare: 0.8,
    days: byTier(1, 1, 1, 1, 2),
    unknownDeadlineIn: ["norte"],
  },
]

/**
 * In auction mode a second carrier bids on the Jadlog service: same servico_metaname, its own
 * servico_nome, 10% cheaper and one day slower. Listed right after the service it bids on.
 */
export const AUCTION_BID = {
  on: "jadlog-package",
  name: "Jadlog - .Package (leilão)",
  priceShare: 0.9,
  extraDays: 1,
} as const
