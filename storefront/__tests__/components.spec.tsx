// The kit's React components as server-rendered HTML: their static states, the text a shopper
// reads with no CSS, and class names (their behaviour is driven in Chromium by
// integration-tests/browser/storefront.spec.ts).
import { renderToString } from "react-dom/server"
import { createFreteClient } from "../client"
import { FreteError, serializeFreteError } from "../errors"
import {
  FreteCepCalculator,
  FreteCepNotice,
  FreteDeliveryOptionLabel,
  FreteOptionsNotice,
  FreteShippingTotal,
} from "../react"

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "")
/** What `textContent` gives: tags dropped, nothing added (so words that touch in the markup touch here). */
const textContent = (html: string) => decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""))
/** The lines a shopper sees with no CSS: a `<br>` breaks the line; each line's spaces collapsed as a browser does. */
const lines = (html: string) =>
  textContent(html.replace(/<br[^>]*>/g, "\n"))
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
const FACTS = {
  service: "jadlog-package",
  service_name: "Jadlog .Package",
  carrier: "jadlog",
  days: 7,
  delivery_estimate: "2026-12-03",
  is_fallback: false,
}
const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."

describe("the storefront kit's React components", () => {
  it("renders the CEP calculator with a bound label, a masked initial CEP, native field and button, and a polite live region", () => {
    const html = renderToString(
      <FreteCepCalculator
        client={createFreteClient()}
        items={[{ variant_id: "variant_1", quantity: 1 }]}
        initialCep="01310100"
      />
    )
    const id = /<input id="([^"]+)"/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`<label class="frete-calculator__label" for="${id}">Calcule o frete</label>`)
    expect(html).toMatch(/<input [^>]*class="frete-calculator__input" type="text"/)
    expect(html).toContain('value="01310-100"')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toMatch(/class="frete-calculator__status" role="status" aria-live="polite"/)
    // No type attribute (a form's button submits), so a reset's [type="submit"] rule does not reach it.
    expect(html).toMatch(/<button class="frete-calculator__button">Calcular<\/button>/)
    // Label, field and button apart in the text too.
    expect(lines(html)[0]).toBe("Calcule o frete Calcular")
  })

  it("adds a store's class names to each part, beside the kit's own", () => {
    const calculator = renderToString(
      <FreteCepCalculator
        client={createFreteClient()}
        cartId="cart_1"
        className="mt-4"
        classNames={{ root: "rounded", input: "border px-2", button: "btn btn-primary", label: "font-semibold" }}
      />
    )
    expect(calculator).toContain('class="frete-calculator mt-4 rounded"')
    expect(calculator).toContain('class="frete-calculator__input border px-2"')
    expect(calculator).toContain('class="frete-calculator__button btn btn-primary"')
    expect(calculator).toContain('class="frete-calculator__label font-semibold"')
    const label = renderToString(
      <FreteDeliveryOptionLabel
        name="SEDEX"
        amount={33.14}
        facts={FACTS}
        classNames={{ price: "text-ui-fg-base", details: "txt-small" }}
      />
    )
    expect(label).toContain('class="frete-option__price text-ui-fg-base"')
    expect(label).toContain('class="frete-option__details txt-small"')
  })

  it("labels a checkout option in two lines that read apart with no CSS: name and price, then carrier, deadline and date", () => {
    const html = renderToString(<FreteDeliveryOptionLabel name="Frete econômico" amount={33.14} facts={FACTS} />)
    expect(lines(html)).toEqual([
      "Frete econômico · R$ 33,14",
      "Jadlog · Receba em até 7 dias úteis · Chega até qui., 3 de dez.",
    ])
    expect(textContent(html)).toBe(
      "Frete econômico · R$ 33,14 Jadlog · Receba em até 7 dias úteis · Chega até qui., 3 de dez."
    )
    expect(html).toContain('class="frete-option__date"')
    // Phrasing content only: it goes inside the option's <label>.
    expect(html).not.toMatch(/<(div|p|ul|li)\b/)
  })

  it('shows free freight as "Grátis" and a fallback price as estimated', () => {
    const html = renderToString(
      <FreteDeliveryOptionLabel
        name="SEDEX"
        amount={0}
        facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", is_fallback: true }}
      />
    )
    expect(lines(html)).toEqual([
      "SEDEX · Grátis",
      "Correios · Receba em até 7 dias úteis · Chega até qui., 3 de dez. · Preço estimado",
    ])
    expect(html).toContain('class="frete-option__estimated"')
  })

  it("shows no date when the service does not know the deadline (101), and same-day as today", () => {
    const unknown = renderToString(
      <FreteDeliveryOptionLabel
        name="SEDEX"
        amount={33.14}
        facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", days: 101 }}
      />
    )
    expect(lines(unknown)).toEqual(["SEDEX · R$ 33,14", "Correios · Prazo a confirmar"])
    expect(unknown).not.toContain("frete-option__date")
    const today = renderToString(
      <FreteDeliveryOptionLabel
        name="SEDEX"
        amount={33.14}
        facts={{ ...FACTS, service_name: "SEDEX", carrier: "correios", days: 0, delivery_estimate: "2026-11-22" }}
      />
    )
    expect(lines(today)).toEqual(["SEDEX · R$ 33,14", "Correios · Receba hoje · Chega até dom., 22 de nov."])
  })

  it("leaves a CEP-level error to the list's notice: the label says only that the option is unavailable there, whatever form the error has", () => {
    const error = new FreteError("cep_not_served", { status: 400 })
    const fromServerAction = JSON.parse(JSON.stringify({ error: serializeFreteError(error) })).error
    for (const given of [error, fromServerAction, error.message, { code: "cep_not_served" }]) {
      const html = renderToString(<FreteDeliveryOptionLabel name="SEDEX" amount={null} facts={null} error={given} />)
      expect(lines(html)).toEqual(["SEDEX", "Indisponível para este CEP"])
      expect(html).not.toContain("frete-option__price")
    }
    // An option's own failure is said on the option.
    const own = renderToString(
      <FreteDeliveryOptionLabel name="SEDEX" amount={null} facts={null} error={new FreteError("option_unavailable")} />
    )
    expect(lines(own)).toEqual([
      "SEDEX",
      "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
    ])
  })

  it("says a CEP-level error once above the options, and nothing when no option failed for the CEP", () => {
    const error = serializeFreteError(new FreteError("cep_not_served", { status: 400 }))
    const notice = renderToString(<FreteOptionsNotice errors={[error, error, undefined, error]} className="mb-4" />)
    expect(notice).toBe(`<p class="frete-notice mb-4" role="alert">${CEP_NOT_FOUND}</p>`)
    expect(renderToString(<FreteOptionsNotice errors={[undefined, new FreteError("option_unavailable")]} />)).toBe("")
  })

  it("says the warm-up's CEP error under the CEP field, only while that CEP is the one typed, in a region that is always there", () => {
    const warmed = {
      cep: "99999999",
      quotes: null,
      error: serializeFreteError(new FreteError("cep_not_served", { status: 400 })),
    }
    const empty = '<span class="frete-notice frete-notice--cep" role="alert"></span>'
    expect(renderToString(<FreteCepNotice warmed={warmed} postalCode="99999-999" id="cep-notice" />)).toBe(
      `<span id="cep-notice" class="frete-notice frete-notice--cep" role="alert">${CEP_NOT_FOUND}</span>`
    )
    expect(renderToString(<FreteCepNotice warmed={warmed} postalCode="99999-99" />)).toBe(empty)
    expect(
      renderToString(<FreteCepNotice warmed={{ cep: "30130010", quotes: [], error: null }} postalCode="30130-010" />)
    ).toBe(empty)
    expect(renderToString(<FreteCepNotice warmed={null} postalCode="99999-999" />)).toBe(empty)
  })

  it('shows the summary\'s shipping line as "a calcular" until a method is chosen, then its price', () => {
    expect(renderToString(<FreteShippingTotal totals={{ shipping_methods: [], shipping_subtotal: 0 }} />)).toBe(
      '<span class="frete-shipping-total" data-state="pending">a calcular</span>'
    )
    expect(
      textContent(
        renderToString(
          <FreteShippingTotal totals={{ shipping_methods: [{ amount: 33.14 }], shipping_subtotal: 33.14 }} />
        )
      )
    ).toBe("R$ 33,14")
    expect(
      textContent(
        renderToString(<FreteShippingTotal totals={{ shipping_methods: [{ amount: 0 }], shipping_subtotal: 0 }} />)
      )
    ).toBe("Grátis")
  })

  it("says the price is being calculated while it is", () => {
    expect(
      lines(renderToString(<FreteDeliveryOptionLabel name="Frete expresso" amount={null} facts={null} loading />))
    ).toEqual(["Frete expresso · Calculando o frete…"])
  })

  it("labels another provider's option with its price alone", () => {
    expect(
      lines(renderToString(<FreteDeliveryOptionLabel name="Retirada na loja" amount={15} facts={null} />))
    ).toEqual(["Retirada na loja · R$ 15,00"])
  })
})
