// The settings page as a merchant reads it (storefront.spec.ts), on a page of its own in
// Português (Brasil): labels without technical names, the store's providers to pick from, what
// the server sets shown as such, and short error toasts.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { eventually } from "../../scripts/lib/store-api"
import { logInToAdmin, openPage, SHOTS, type BrowserStore } from "../helpers/browser-store"

/** Names of the APIs and of stored keys, which belong in help texts, never in a label. */
const TECHNICAL = /EntrySource|carrierId|CarrierName|metadata|servico_metaname|provider_ids|[a-z]+_[a-z]+/

export const settingsPageCases = (started: () => BrowserStore): void => {
  let server: MedusaServer
  let page: Page

  const byTestId = (id: string) => page.getByTestId(id)
  const savedSettings = async () => (await server.api.get("/admin/frete/settings", server.admin)).data
  const openSettings = async () => {
    await page.goto(`${server.url}/app/settings/frete`)
    await byTestId("frete-settings-page").waitFor()
    await byTestId("frete-section-tracking").waitFor()
  }

  beforeAll(async () => {
    ;({ server } = started())
    // The page's texts as a Brazilian merchant reads them: the dashboard in Português (Brasil).
    page = await openPage(started().browser, { viewport: { width: 1440, height: 1000 }, adminLanguage: "ptBR" })
    page.setDefaultTimeout(120_000)
    await logInToAdmin(page, server)
  })

  it("labels the tracking fields in the merchant's words, the technical names only in the help texts", async () => {
    await openSettings()
    await byTestId("frete-row-tracking.carriers.0").waitFor()
    expect(await page.locator('label[for="frete-field-tracking.entry_source"]').textContent()).toBe("Origem do pedido")
    expect(await byTestId("frete-field-tracking.entry_source-hint").textContent()).toMatch(/EntrySource/)
    expect(await page.locator('label[for="frete-field-tracking.carriers.0.carrier_id"]').textContent()).toBe(
      "Código da transportadora"
    )
    expect(await byTestId("frete-field-tracking.carriers.0.carrier_id-hint").textContent()).toMatch(/carrierId/)
    expect(await page.locator('label[for="frete-field-tracking.carriers.0.carrier_name"]').textContent()).toBe(
      "Nome da transportadora"
    )
    expect(await byTestId("frete-field-tracking.carriers.0.carrier_name-hint").textContent()).toMatch(/CarrierName/)
    expect(await page.locator('label[for="frete-field-tracking.cpf_metadata_key"]').textContent()).toBe(
      "Campo do CPF do cliente"
    )
    expect(await byTestId("frete-field-tracking.cpf_metadata_key-hint").textContent()).toMatch(/metadata/)

    // No label of the page names an API field or a stored key.
    const labels = await page.$$eval("[data-testid=frete-settings-page] label", (elements) =>
      elements.map((element) => element.textContent ?? "")
    )
    expect(labels.length).toBeGreaterThan(20)
    expect(labels.filter((label) => TECHNICAL.test(label))).toEqual([])
    const trackingText = (await byTestId("frete-section-tracking").textContent()) ?? ""
    expect(trackingText).not.toMatch(/\(EntrySource\)/)
  })

  it("picks the tracked providers among the store's, and keeps one saved that the store no longer has", async () => {
    await openSettings()
    const group = byTestId("frete-field-tracking.provider_ids")
    await group.waitFor()
    await byTestId("frete-provider-manual_manual").waitFor()
    expect(await group.locator("input[type=text]").count()).toBe(0)
    expect(await byTestId("frete-provider-frete_frete").getAttribute("role")).toBe("checkbox")
    expect(await byTestId("frete-provider-manual_manual").getAttribute("role")).toBe("checkbox")
    expect(await byTestId("frete-provider-frete_frete-label").textContent()).toBe("Frete (este plugin)")
    expect(await byTestId("frete-provider-manual_manual-label").textContent()).toBe("Manual")
    expect(await byTestId("frete-provider-manual_manual-id").textContent()).toBe("manual_manual")
    expect(await byTestId("frete-provider-frete_frete").isChecked()).toBe(true)
    expect(await byTestId("frete-provider-manual_manual").isChecked()).toBe(false)

    await byTestId("frete-provider-manual_manual").click()
    expect(await byTestId("frete-provider-manual_manual").isChecked()).toBe(true)
    await byTestId("frete-section-tracking-save").click()
    const saved = await eventually(async () => {
      const ids = (await savedSettings()).settings.tracking.provider_ids as string[]
      return ids.includes("manual_manual") ? ids : undefined
    })
    expect([...saved].sort()).toEqual(["frete_frete", "manual_manual"])

    // A provider removed from the store stays listed, checked, and says so.
    const { tracking } = (await savedSettings()).settings
    await server.api.post(
      "/admin/frete/settings",
      { tracking: { ...tracking, provider_ids: [...tracking.provider_ids, "antigo_removido"] } },
      server.admin
    )
    await openSettings()
    await byTestId("frete-provider-antigo_removido-missing").waitFor()
    expect(await byTestId("frete-provider-antigo_removido-missing").textContent()).toBe("não instalado")
    expect(await byTestId("frete-provider-antigo_removido").isChecked()).toBe(true)
    expect(await byTestId("frete-provider-frete_frete-missing").count()).toBe(0)
    await byTestId("frete-section-tracking").screenshot({ path: path.join(SHOTS, "merchant-tracking.png") })
  })

  it("shows the URLs and secrets the server sets as set there, with nothing to type and nothing to save", async () => {
    const { credentials } = await savedSettings()
    expect(credentials.freight.url_source).toBe("option")
    await openSettings()
    const url = byTestId("frete-field-freight_url")
    await url.waitFor()
    expect(await url.isDisabled()).toBe(true)
    expect(await url.inputValue()).toBe(credentials.freight.url)
    expect(await url.getAttribute("placeholder")).toBeNull()
    expect(await byTestId("frete-field-freight_url-hint").textContent()).toBe(
      "Definido no servidor (opção do plugin ou variável FRETE_FREIGHT_URL): altere-o lá."
    )
    expect(await byTestId("frete-field-secrets.freight_token-hint").textContent()).toMatch(
      /Definido no servidor .*FRETE_FREIGHT_TOKEN/
    )
    expect(await byTestId("frete-field-secrets.freight_token").getAttribute("placeholder")).toBeNull()
    expect(await page.content()).not.toContain("Digite um novo valor para substituir")
    // Every field of the section is the server's: no "Salvar", and the section says why.
    expect(await byTestId("frete-section-credentials-save").count()).toBe(0)
    expect(await byTestId("frete-section-credentials-server-only").textContent()).toMatch(/definidos no servidor/)
    await byTestId("frete-section-credentials").screenshot({ path: path.join(SHOTS, "merchant-credentials.png") })
  })

  it("says in the toast of a refused save how many fields need a look, each field its own error", async () => {
    await openSettings()
    const index = (await savedSettings()).settings.rules.length
    await byTestId("frete-add-rules").click()
    await byTestId(`frete-field-rules.${index}.action.value`).fill("10")
    await byTestId(`frete-field-rules.${index}.scope.min_subtotal`).fill("-10")
    await byTestId("frete-section-rules-save").click()
    await page.getByText("1 campo precisa de atenção").first().waitFor()
    expect(await byTestId(`frete-field-rules.${index}.scope.min_subtotal-error`).textContent()).toMatch(
      /não pode ser negativo/
    )
    expect(await page.getByText(/Configuração inválida/).count()).toBe(0)
    expect(await page.getByText(`rules.${index}.scope.min_subtotal`).count()).toBe(0)
    expect((await savedSettings()).settings.rules).toHaveLength(index)
    await page.screenshot({ path: path.join(SHOTS, "merchant-settings.png"), fullPage: false })
  })

  it("sets the learned prices: said what they keep, the retention checked by the server, and turned off", async () => {
    await openSettings()
    const section = byTestId("frete-section-learned-prices")
    await section.waitFor()
    expect(await section.locator("h2").textContent()).toBe("Preços aprendidos")
    expect(await section.textContent()).toContain(
      "Quando a API de frete não responde, os carrinhos são cotados pelos preços que ela cobrou antes para a mesma região e peso, antes da tabela de contingência. Guarda só o prefixo de 5 dígitos do CEP, o peso e o preço: nada pessoal."
    )
    const enabled = byTestId("frete-field-learned_prices.enabled")
    const retention = byTestId("frete-field-learned_prices.retention_days")
    expect(await enabled.getAttribute("aria-checked")).toBe("true")
    expect(await retention.inputValue()).toBe("90")

    await retention.fill("400")
    await byTestId("frete-section-learned-prices-save").click()
    await page.getByText("1 campo precisa de atenção").first().waitFor()
    expect(await byTestId("frete-field-learned_prices.retention_days-error").textContent()).toMatch(/no máximo 365/)
    expect((await savedSettings()).settings.learned_prices).toEqual({ enabled: true, retention_days: 90 })

    await retention.fill("30")
    await enabled.click()
    await byTestId("frete-section-learned-prices-save").click()
    await eventually(async () => (await savedSettings()).settings.learned_prices.enabled === false)
    expect((await savedSettings()).settings.learned_prices).toEqual({ enabled: false, retention_days: 30 })
    await openSettings()
    expect(await byTestId("frete-field-learned_prices.enabled").getAttribute("aria-checked")).toBe("false")
    expect(await byTestId("frete-field-learned_prices.retention_days").inputValue()).toBe("30")
    await server.api.post(
      "/admin/frete/settings",
      { learned_prices: { enabled: true, retention_days: 90 } },
      server.admin
    )
  })
}
