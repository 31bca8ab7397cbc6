import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import type {
  SimulateAnswer,
  SimulatedApiStatus,
  SimulatedPrice,
  SimulateRequest,
} from "../../../../lib/admin-contract"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { buildFreightQuery } from "../../../../lib/checkout/build-freight-query"
import type { QuoteResult } from "../../../../lib/checkout/checkout-quoter"
import type { Asker } from "../../../../lib/checkout/quote-admission"
import { factsOf, fallbackOffers, fulfillmentOptionOf, pickOffer, type Offer } from "../../../../lib/checkout/offers"
import { applyRules, type AppliedRule } from "../../../../lib/checkout/rules"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { isStorableText, type FreteSettings } from "../../../../lib/settings/schema"
import { freteOf, lockingOf, queryOf, type MedusaScope } from "../../../../bridge/medusa-bridge"
import { toMedusaError } from "../../../../shared/medusa-error"
import { planQuotes, type QuotePlan } from "../../../store/frete/quotes/option-quotes"
import { optionRequestsForItems } from "../../../store/frete/quotes/quote-request"
import { StoreFreteQuotesBody } from "../../../store/frete/quotes/route"
import { naming, validated } from "../../../lib/validated"
import { sentProbeLimit } from "../../../lib/probe-limit"
import { appliedSettings } from "./applied-settings"

export const SimulateBody = z.object(
  {
    postal_code: z.preprocess(
      (text: string) => tryNormalizeCep(text),
      z.string({ error: "CEP inválido: informe os 8 dígitos, como 01310-100" })
    ),
    // A product page's items, checked as the store quote route checks them.
    items: StoreFreteQuotesBody.shape.items.unwrap(),
    sales_channel_id: z
      .string({ error: "informe o canal de vendas como texto" })
      .min(1, "informe o canal de vendas")
      .max(100, "canal de vendas inválido")
      .refine(isStorableText, "canal de vendas inválido")
      .optional(),
    ask_api: z.boolean({ error: "ask_api deve ser verdadeiro ou falso" }).default(false),
  },
  { error: "envie um objeto JSON com postal_code e items" }
) satisfies z.ZodType<unknown, SimulateRequest>

export const SIMULATE_BODY = validated(SimulateBody, naming("Simulação inválida", "corpo"))

type Body = z.output<typeof SimulateBody>
type ApiSide = { result?: QuoteResult; error?: unknown }

// What checkout would offer for a cart of these items to this CEP, option by option: the settings applied in order,
// the API's price (only when asked, through the admin's probe and the quoter), the estimate and the table's.
export async function POST(req: MedusaRequest<Body>, res: MedusaResponse) {
  const body = req.validatedBody
  const startedAt = Date.now()
  const frete = freteOf(req.scope)
  try {
    const settings = await frete.getSettings()
    const channels = await salesChannelsOf(req.scope, body.sales_channel_id)
    const requests = await optionRequestsForItems(req.scope, body.items, body.postal_code, channels)
    const plan = planQuotes(requests, settings, frete.pluginOptions.units, frete.quoter)
    // The probe keeps an answer per cart and CEP: the freight queries they make.
    const cart = [...plan.queries.keys()].sort().join(",")
    const asker = { local: true, startedAt, locking: lockingOf(req.scope) }
    const asked =
      body.ask_api && cart
        ? await frete.adminProbes.simulate.get(cart, () => askApi(frete, plan, settings, asker))
        : { answers: [] }
    const apiOf = new Map(asked.answers)
    const now = new Date()
    // What checkout would charge without the API, the rules applied as to its answer.
    const estimated = [...plan.queries].map(async ([key, { query, cart }]) => {
      const estimate = await frete.quoter.estimate(query, settings)
      return [key, applyRules(estimate?.offers ?? [], cart, settings, now)] as const
    })
    const estimates = new Map(await Promise.all(estimated))
    const requestOf = new Map(requests.map(({ option, request }) => [option.id, request]))
    const options = plan.options.map(({ option, key }) => {
      const request = requestOf.get(option.id) as (typeof requests)[number]["request"]
      const built = buildFreightQuery(request, settings, frete.pluginOptions.units)
      const pick = fulfillmentOptionOf(option.data)
      const api = apiSideOf(body.ask_api, apiOf.get(key), pick)
      const estimated = estimates.get(key)
      const estimate = pickOffer(estimated?.offers ?? [], pick)
      const table = pickOffer(
        applyRules(fallbackOffers(built.query, settings, now), built.cart, settings, now).offers,
        pick
      )
      const charged = api.offer
        ? { offer: api.offer, rules: api.rules }
        : api.status === "unavailable" || !body.ask_api
          ? { offer: estimate, rules: estimated?.applied ?? [] }
          : { rules: [] }
      return {
        option_id: option.id,
        name: option.name,
        sent: {
          prazo_adicional: built.query.extraDays ?? 0,
          subtotal: built.subtotal,
          weight_kg: Number((built.cart?.weightKg ?? 0).toFixed(3)),
          state: built.cart?.state ?? null,
        },
        applied: appliedSettings(request, built, settings, pick, charged),
        api: { status: api.status, message: api.message, price: priceOf(api.offer) },
        estimate: priceOf(estimate),
        table: priceOf(table),
      }
    })
    res.json({ postal_code: body.postal_code, asked_api: body.ask_api, options } satisfies SimulateAnswer)
  } catch (error) {
    const wait = (seconds: number) =>
      `Muitas simulações com consulta à API de frete neste minuto. Tente de novo em ${seconds} s.`
    if (!sentProbeLimit(res, error, "too_many_simulations", wait)) throw toMedusaError(error)
  }
}

// Through the quoter, like every other price: its cache, its single flight and its quota guard.
async function askApi(
  frete: ReturnType<typeof freteOf>,
  plan: QuotePlan,
  settings: FreteSettings,
  asker: Asker
): Promise<{ answers: Array<[string, ApiSide]> }> {
  const asked = [...plan.queries].map(async ([key, { query, cart }]): Promise<[string, ApiSide]> => {
    const side = await frete.quoter.offers(query, cart, settings, asker, key).then(
      (result) => ({ result }),
      (error: unknown) => ({ error })
    )
    return [key, side]
  })
  return { answers: await Promise.all(asked) }
}

// A cart belongs to one sales channel; without one named, each channel the items are sold in counts.
async function salesChannelsOf(scope: MedusaScope, id: string | undefined): Promise<string[]> {
  const { data } = await queryOf(scope).graph({
    entity: "sales_channel",
    fields: ["id"],
    ...(id !== undefined && { filters: { id } }),
  })
  const ids = (data as Array<{ id: string }>).map((channel) => channel.id)
  if (id !== undefined && !ids.length)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Canal de vendas não encontrado: ${id}`)
  return ids
}

// A kept answer (`stale`) is the API's too, older; an estimate is what checkout charges without it.
function apiSideOf(
  askApi: boolean,
  side: ApiSide | undefined,
  pick: string
): { status: SimulatedApiStatus; message: string | null; offer?: Offer; rules: AppliedRule[] } {
  const rules = side?.result?.applied ?? []
  if (!askApi || !side) return { status: "not_asked", message: null, rules }
  const { result, error } = side
  if (error instanceof ShopperError && error.code === "cep_not_served")
    return { status: "cep_not_served", message: error.message, rules }
  if (!result || result.source === "learned" || result.source === "fallback") {
    const message = error instanceof ShopperError ? error.message : new ShopperError("freight_unavailable").message
    return { status: "unavailable", message, rules }
  }
  const offer = pickOffer(result.offers, pick)
  if (!offer) return { status: "not_offered", message: null, rules }
  return { status: result.source === "stale" ? "kept" : "answered", message: null, offer, rules }
}

function priceOf(offer: Offer | undefined): SimulatedPrice | null {
  if (!offer) return null
  const { is_fallback: _fallback, ...facts } = factsOf(offer)
  return { ...facts, estimated_from: facts.estimated_from ?? null, amount: offer.amountCents / 100 }
}
