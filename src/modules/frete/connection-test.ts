import type { Credentials } from "./credentials"

type Typed = { freight: { url?: string; token?: string }; tracking: { url?: string; credential?: string } }

const sameUrl = (a: string | undefined, b: string | undefined) => Boolean(a && b) && (a as string).replace(/\/+$/, "") === (b as string).replace(/\/+$/, "")

/**
 * "Testar conexão" with a URL other than the one in force sends only a secret typed with it: the
 * secret in force (from the options, or saved) never goes to an address it was not configured for.
 */
export function secretsNeededForTest(typed: Typed, inForce: Credentials): Array<{ field: string; message: string }> {
  const issues: Array<{ field: string; message: string }> = []
  if (typed.freight.url && !typed.freight.token && !sameUrl(typed.freight.url, inForce.freight.url)) {
    issues.push({ field: "freight_token", message: "Para testar outra URL de frete, digite também o token: o token salvo só é enviado à URL configurada com ele." })
  }
  if (typed.tracking.url && !typed.tracking.credential && !sameUrl(typed.tracking.url, inForce.tracking.url)) {
    issues.push({ field: "tracking_credential", message: "Para testar outra URL de rastreamento, digite também a credencial: a credencial salva só é enviada à URL configurada com ela." })
  }
  return issues
}
