// The kit's React components as server-rendered HTML: their static states, the text a shopper
// reads with no CSS, and class names (their behaviour is driven in Chromium by
// integration-tests/browser/storefront.spec.ts).
import { renderToString } from "react-dom/server"
import { createFreteClient } from "../client"
import { FreteError, serializeFreteError } from "../errors"
import { FreteCepCalculator, FreteDeliveryOptionLabel } from "../react"

const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/<!-- -->/g, "")
/** What `textContent` gives: tags dropped, nothing added (so words that touch in the markup touch here). */
const textContent = (html: string) => decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""))
/** The lines a shopper sees with no CSS: a `<br>` breaks the line; each line's spaces collapsed as a browser does. */
const lines = (html: string) =>
  textContent(html.replace(/<br[^>]*>/g, "\n"))
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
const FACTS = { service: "jadlog-package", service_name: "Jadlog .Package", carrier: "jadlog", days: 7, delivery_estimate: "2026-12-03", is_fallback: false }
const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."

describe("the storefront kit's React components", () => {
  it("renders the CEP calculator with a bound label, a masked initial CEP, native field and button, and a polite live region", () => {
    const html = renderToString(<FreteCepCalculator client={createFreteClient()} items={[{ variant_id: "variant_1", quantity: 1 }]} initialCep="01310100" />)
    const id = /<input id="([^"]+)"/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`<label class="frete-calculator__label" for="${id}">Calcule o frete</label>`)
    expect(html).toMatch(/<input [^>]*class="frete-calculator__input" type="text"/)
    expect(html).toContain('value="01310-100"')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toMatch(/class="frete-calculator__status" role="status" aria-live="polite"/)
    expect(html).toMatch(/<button type="submit" class="frete-calculator__button">Calcular<\/button>/)
    // Label, field and button apart in the text too.
    expect(lines(html)[0]).toBe("Calcule o frete Calcular")
  })

  it("adds a store's class names to each part, beside the kit's own", () => {
    const calculator = renderToString(
      <FreteCepCalculator client={createFreteClient()} cartId="cart_1" className="mt-4" classNames={{ root: "rounded", input: "border px-2", button: "btn btn-primary", label: "font-semibold" }} />
    )
    expect(calculator).toContain('class="frete-calculator mt-4 rounded"')
    expect(calculator).toContain('class="frete-calculator__input border px-2"')
    expect(calculator).toContain('class="frete-calculator__button btn btn-primary"')
    expect(calculator).toContain('class="frete-calculator__label font-semibold"')
    const label = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={33.14} facts={FACTS} classNames={{ price: "text-ui-fg-base", details: "txt-small" }} />)
    expect(label).toContain('class="frete-option__price text-ui-fg-base"')
    expect(label).toContain('class="frete-option__details txt-small"')
  })

  it("labels a checkout option in two lines that read apart with no CSS: name and price, then carrier, deadline and date", () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="Frete econômico" amount={33.14} facts={FACTS} />)
    expect(lines(html)).toEqual(["Frete econômico · R$ 33,14", "Jadlog Package · Receba em até 7 dias úteis · Chega até qui., 3 de dez."])
    expect(textContent(html)).toBe("Frete econômico · R$ 33,14 Jadlog Package · Receba em até 7 dias úteis · Chega até qui., 3 de dez.")
    expect(html).toContain('class="frete-option__date"')
    // Phrasing content only: it goes inside the option's <label>.
    expect(html).not.toMatch(/<(div|p|ul|li)\b/)
  })

  it('shows free freight as "Grátis" and a fallback price as estimated', () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={0} facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", is_fallback: true }} />)
    expect(lines(html)).toEqual(["SEDEX · Grátis", "Correios · Receba em até 7 dias úteis · Chega até qui., 3 de dez. · Preço estimado"])
    expect(html).toContain('class="frete-option__estimated"')
  })

  it("shows no date when the service does not know the deadline (101), and same-day as today", () => {
    const unknown = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={33.14} facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", days: 101 }} />)
    expect(lines(unknown)).toEqual(["SEDEX · R$ 33,14", "Correios · Prazo a confirmar"])
    expect(unknown).not.toContain("frete-option__date")
    const today = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={33.14} facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", days: 0, delivery_estimate: "2026-11-22" }} />)
    expect(lines(today)).toEqual(["SEDEX · R$ 33,14", "Correios · Receba hoje · Chega até dom., 22 de nov."])
  })

  it("shows the plugin's reason instead of a price, given a FreteError, its data after a JSON round trip, or its message", () => {
    const error = new FreteError("cep_not_served", { status: 400 })
    const fromServerAction = JSON.parse(JSON.stringify({ error: serializeFreteError(error) })).error
    for (const given of [error, fromServerAction, error.message]) {
      const html = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={null} facts={null} error={given} />)
      expect(lines(html)).toEqual(["SEDEX", CEP_NOT_FOUND])
      expect(html).not.toContain("frete-option__price")
    }
    const lostMessage = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={null} facts={null} error={{ code: "cep_not_served" }} />)
    expect(lines(lostMessage)[1]).toBe(CEP_NOT_FOUND)
  })

  it("says the price is being calculated while it is", () => {
    expect(lines(renderToString(<FreteDeliveryOptionLabel name="Frete expresso" amount={null} facts={null} loading />))).toEqual(["Frete expresso · Calculando o frete…"])
  })

  it("labels another provider's option with its price alone", () => {
    expect(lines(renderToString(<FreteDeliveryOptionLabel name="Retirada na loja" amount={15} facts={null} />))).toEqual(["Retirada na loja · R$ 15,00"])
  })
})
