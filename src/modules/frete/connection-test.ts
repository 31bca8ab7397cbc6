import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { ProviderOption } from "../../lib/checkout/same-offer"
import { testFreight, testTracking, type ConnectionTestResult } from "../../lib/services/connection-test"
import type { FreteSettings } from "../../lib/settings/schema"
import type { Credentials } from "./credentials"

export type ConnectionTestRequest = {
  originCep: string
  destinationCep: string
  freight: { url?: string; token?: string }
  tracking: { url?: string; credential?: string }
  options?: ProviderOption[]
}

const sameUrl = (a: string | undefined, b: string | undefined) => !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "")

/** The URLs and secrets typed, or else those in force; a secret never goes to an address it was not configured for. */
export async function testConnectionInForce(
  input: ConnectionTestRequest,
  { settings, credentials, options, logger }: { settings: FreteSettings; credentials: Credentials; options: FreteOptions; logger: Logger }
): Promise<ConnectionTestResult> {
  const issues: Array<{ field: string; message: string }> = []
  if (input.freight.url && !input.freight.token && !sameUrl(input.freight.url, credentials.freight.url)) {
    issues.push({ field: "freight_token", message: "Para testar outra URL de frete, digite também o token: o token salvo só é enviado à URL configurada com ele." })
  }
  if (input.tracking.url && !input.tracking.credential && !sameUrl(input.tracking.url, credentials.tracking.url)) {
    issues.push({ field: "tracking_credential", message: "Para testar outra URL de rastreamento, digite também a credencial: a credencial salva só é enviada à URL configurada com ela." })
  }
  if (issues.length) throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, issues.map((issue) => issue.message).join(" ")), { issues })
  const { freight: inForce, tracking: trackingInForce } = credentials
  const [freight, tracking] = await Promise.all([
    testFreight({ url: input.freight.url || inForce.url, secret: input.freight.token || inForce.secret, timeoutMs: options.freight.timeoutMs }, { ...input, settings, logger }),
    testTracking({ url: input.tracking.url || trackingInForce.url, secret: input.tracking.credential || trackingInForce.secret, timeoutMs: options.tracking.timeoutMs }, logger),
  ])
  return { freight, tracking }
}
