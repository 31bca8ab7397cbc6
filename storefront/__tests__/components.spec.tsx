// The kit's React components as server-rendered HTML: their static states, labels and class names
// (their behaviour is driven in Chromium by integration-tests/browser/storefront.spec.ts).
import { renderToString } from "react-dom/server"
import { createFreteClient } from "../client"
import { FreteError } from "../errors"
import { FreteCepCalculator, FreteDeliveryOptionLabel } from "../react"

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim()
const FACTS = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", days: 4, delivery_estimate: "2026-11-26", is_fallback: false }

describe("the storefront kit's React components", () => {
  it("renders the CEP calculator with a bound label, a masked initial CEP and a polite live region", () => {
    const html = renderToString(<FreteCepCalculator client={createFreteClient()} items={[{ variant_id: "variant_1", quantity: 1 }]} initialCep="01310100" />)
    const id = /<input id="([^"]+)"/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`<label class="frete-calculator__label" for="${id}">Calcule o frete</label>`)
    expect(html).toContain('value="01310-100"')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toMatch(/class="frete-calculator__status" role="status" aria-live="polite"/)
    expect(html).toMatch(/<button type="submit" class="frete-calculator__button">Calcular<\/button>/)
  })

  it("labels a checkout option with its price, carrier, deadline and date", () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="Frete econômico" amount={33.14} facts={FACTS} />)
    expect(text(html)).toBe("Frete econômico R$ 33,14 Correios · SEDEX Receba em até 4 dias úteis Chega até qui., 26 de nov.")
    expect(html).toContain('class="frete-option__date"')
  })

  it('shows free freight as "Grátis" and a fallback price as estimated', () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={0} facts={{ ...FACTS, is_fallback: true }} />)
    expect(text(html)).toBe("SEDEX Grátis Correios Receba em até 4 dias úteis Chega até qui., 26 de nov. Preço estimado")
    expect(html).toContain('class="frete-option__estimated"')
  })

  it("shows no date when the service does not know the deadline (101), and same-day as today", () => {
    const unknown = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={33.14} facts={{ ...FACTS, days: 101 }} />)
    expect(text(unknown)).toBe("SEDEX R$ 33,14 Correios Prazo a confirmar")
    expect(unknown).not.toContain("frete-option__date")
    const today = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={33.14} facts={{ ...FACTS, days: 0, delivery_estimate: "2026-11-22" }} />)
    expect(text(today)).toBe("SEDEX R$ 33,14 Correios Receba hoje Chega até dom., 22 de nov.")
  })

  it("shows why an option is unavailable instead of a price", () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={null} facts={null} error={new FreteError("cep_not_served")} />)
    expect(text(html)).toBe("SEDEX Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.")
    expect(html).not.toContain("frete-option__price")
  })

  it("labels another provider's option with its price alone", () => {
    expect(text(renderToString(<FreteDeliveryOptionLabel name="Retirada na loja" amount={15} facts={null} />))).toBe("Retirada na loja R$ 15,00")
  })
})
