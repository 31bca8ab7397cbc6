// A Brazilian shop's freight traffic for the bench, seeded: destinations weighted like its orders by state, gathered
// at each state's capital, and carts of the demo's products, each query built as the plugin builds it.
import { stateOfCep } from "../../src/lib/brazil/cep-state"
import { buildFreightQuery, type ShippableItem } from "../../src/lib/checkout/build-freight-query"
import type { FreightQuery } from "../../src/lib/freight/schemas"
import { freteSettingsSchema } from "../../src/lib/settings/schema"
import { DEMO_ORIGIN_CEP, DEMO_PRODUCTS, DEMO_SETTINGS } from "../demo/seed"

export const SETTINGS = freteSettingsSchema.parse(DEMO_SETTINGS)
const UNITS = { weight: "g", dimension: "cm" } as const

/** Percent of a Brazilian online shop's orders by state: most in the South-East, some everywhere. */
const ORDER_SHARES: Record<string, number> = {
  SP: 36,
  RJ: 12,
  MG: 10,
  ES: 2,
  PR: 6,
  SC: 5,
  RS: 6,
  DF: 3,
  GO: 2.5,
  MT: 1.2,
  MS: 1.1,
  BA: 4,
  PE: 2.4,
  CE: 2,
  MA: 0.9,
  RN: 0.9,
  PB: 0.9,
  AL: 0.7,
  SE: 0.6,
  PI: 0.6,
  PA: 1,
  AM: 0.7,
  RO: 0.3,
  TO: 0.3,
  AC: 0.15,
  AP: 0.15,
  RR: 0.1,
}
/** How often each demo product is in a cart. */
const POPULARITY: Record<string, number> = {
  "camiseta-basica": 4,
  "caneca-ceramica": 3,
  "poster-ilustrado": 2,
  "luminaria-mesa": 1,
}

export type Random = () => number
type Cart = Array<{ handle: string; quantity: number }>

// mulberry32: a small generator whose sequence a seed fixes.
export function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick(random: Random, shares: Record<string, number>): string {
  const entries = Object.entries(shares)
  let left = random() * entries.reduce((sum, [, share]) => sum + share, 0)
  for (const [key, share] of entries) {
    left -= share
    if (left < 0) return key
  }
  return entries[entries.length - 1][0]
}

const PREFIXES_BY_STATE = (() => {
  const byState = new Map<string, string[]>()
  for (let number = 1000; number <= 99999; number += 1) {
    const prefix = String(number).padStart(5, "0")
    const state = stateOfCep(prefix)
    if (!state) continue
    const prefixes = byState.get(state)
    if (prefixes) prefixes.push(prefix)
    else byState.set(state, [prefix])
  }
  return byState
})()

const suffix = (random: Random) => String(Math.floor(random() * 1000)).padStart(3, "0")

/** A CEP of `prefixes` not `taken`; a `skew` above 1 gathers them at the low end. */
export function cepAmong(random: Random, prefixes: string[], taken: Set<string>, skew = 1): string {
  for (;;) {
    const cep = `${prefixes[Math.floor(prefixes.length * random() ** skew)]}${suffix(random)}`
    // The sandbox's postal base leaves 99999-999 out.
    if (cep !== "99999999" && !taken.has(cep)) return cep
  }
}

// Cities gather at the low end of a state's range, where Correios numbered it from its capital.
export const destination = (random: Random, taken: Set<string>) =>
  cepAmong(random, PREFIXES_BY_STATE.get(pick(random, ORDER_SHARES)) as string[], taken, 3)

/** 1 to 8 units, mostly few, of one to four products. */
export function cart(random: Random): Cart {
  const units = 1 + Math.floor(8 * random() ** 2)
  const counts = new Map<string, number>()
  for (let unit = 0; unit < units; unit += 1) {
    const handle = pick(random, POPULARITY)
    counts.set(handle, (counts.get(handle) ?? 0) + 1)
  }
  return [...counts.entries()].map(([handle, quantity]) => ({ handle, quantity }))
}

export function queryOf(cep: string, items: Cart): FreightQuery {
  const shippable = items.map(({ handle, quantity }): ShippableItem => {
    const product = DEMO_PRODUCTS.find((candidate) => candidate.handle === handle) as (typeof DEMO_PRODUCTS)[number]
    const { weight, length, height, width } = product
    return { sku: product.sku, quantity, unitPrice: product.price, variant: { weight, length, height, width } }
  })
  return buildFreightQuery({ originCep: DEMO_ORIGIN_CEP, destinationCep: cep, items: shippable }, SETTINGS, UNITS).query
}
