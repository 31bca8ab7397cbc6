/**
 * Deterministic quotations: the same query always gets the same prices and deadlines, so tests
 * can assert on them. The formula, per service (tariffs in freight-services.ts):
 *
 *   billable kg = Σ max(peso, altura × comprimento × largura / 6000) × quantidade
 *   price       = base[tier] + perKg[tier] × billable kg + adValorem × valor_notafiscal
 *   cost        = price × costShare
 *   shown price = price + preco_adicional   (the cheapest becomes 0,00 with fretegratis)
 *   deadline    = days[tier] + prazo_adicional, or 101 where the service does not know it
 */
import { formatBrazilianMoney } from "./decimal-notation"
import type { FreightQuery, FreightVolume } from "./freight"
import { AUCTION_BID, FREIGHT_SERVICES, type FreightService } from "./freight-services"

/** One element of `cotacoes`, with exactly the members public clients read (field-notes.md). */
export interface FreightQuotation {
  servico_metaname: string
  servico_nome: string
  transportadora_metaname: string
  cotacao_preco: string
  cotacao_custo: string
  cotacao_prazo: number
  cotacao_codigo: number
  servico_logo: string
  servico_transporte: number
}

/** cotacao_prazo when the service cannot promise a deadline; clients must never show "101 days". */
export const UNKNOWN_DEADLINE = 101

/** Cubic centimetres per kilogram of cubic weight: the divisor Brazilian carriers use. */
const CUBIC_DIVISOR = 6000

export function billableWeightKg(volumes: readonly FreightVolume[]): number {
  return volumes.reduce((total, volume) => {
    const cubicKg = (volume.altura * volume.comprimento * volume.largura) / CUBIC_DIVISOR
    return total + Math.max(volume.peso, cubicKg) * volume.quantidade
  }, 0)
}

interface PricedOffer {
  service: FreightService
  name: string
  priceCents: number
  days: number
}

function priceOffer(service: FreightService, query: FreightQuery, weightKg: number): PricedOffer {
  const reais =
    service.basePrice[query.tier] +
    service.pricePerKg[query.tier] * weightKg +
    service.adValorem * query.valorNotaFiscal
  const days = service.unknownDeadlineIn.includes(query.destination.region)
    ? UNKNOWN_DEADLINE
    : service.days[query.tier]
  return { service, name: service.name, priceCents: Math.round(reais * 100), days }
}

function auctionBid(offer: PricedOffer): PricedOffer {
  return {
    service: offer.service,
    name: AUCTION_BID.name,
    priceCents: Math.round(offer.priceCents * AUCTION_BID.priceShare),
    days: offer.days === UNKNOWN_DEADLINE ? offer.days : offer.days + AUCTION_BID.extraDays,
  }
}

/** The quotations of a valid query, numbered from 1 in the order of FREIGHT_SERVICES. */
export function quoteFreight(query: FreightQuery, options: { auction: boolean }): FreightQuotation[] {
  const weightKg = billableWeightKg(query.volumes)
  const offers = FREIGHT_SERVICES.flatMap((service) => {
    const offer = priceOffer(service, query, weightKg)
    return options.auction && service.metaname === AUCTION_BID.on ? [offer, auctionBid(offer)] : [offer]
  })
  const extraCents = Math.round(query.precoAdicional * 100)
  const shownCents = offers.map((offer) => offer.priceCents + extraCents)
  const freeIndex = query.freteGratis ? shownCents.indexOf(Math.min(...shownCents)) : -1
  return offers.map((offer, index) => ({
    servico_metaname: offer.service.metaname,
    servico_nome: offer.name,
    transportadora_metaname: offer.service.carrier,
    cotacao_preco: formatBrazilianMoney(index === freeIndex ? 0 : shownCents[index]),
    cotacao_custo: formatBrazilianMoney(Math.round(offer.priceCents * offer.service.costShare)),
    cotacao_prazo: offer.days === UNKNOWN_DEADLINE ? offer.days : offer.days + query.prazoAdicional,
    cotacao_codigo: index + 1,
    servico_logo: offer.service.logo,
    servico_transporte: offer.service.transport,
  }))
}
