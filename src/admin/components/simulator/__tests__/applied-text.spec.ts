import type { TFunction } from "i18next"
import translations from "../../../i18n"
import type { AppliedSetting } from "../../../../lib/admin-contract"
import { appliedText } from "../applied-text"

type Texts = { [key: string]: string | Texts }

/** The admin's texts in one language, `{{name}}` filled in as i18next fills it. */
const textsIn = (language: "en" | "ptBR") =>
  ((key: string, values: Record<string, unknown> = {}) => {
    const found = key
      .split(".")
      .reduce<Texts | string | undefined>(
        (at, part) => (typeof at === "object" ? at[part] : undefined),
        translations[language].translation as Texts
      )
    const text = typeof found === "string" ? found : String(values.defaultValue)
    return text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]))
  }) as unknown as TFunction

const NAMES = new Map([
  ["correios-pac", "PAC"],
  ["correios-sedex", "SEDEX"],
])
type Rule = Extract<AppliedSetting, { setting: "rule" }>

const rule = (action: Rule["action"], name = "Sul mais caro"): Rule => ({
  setting: "rule",
  index: 1,
  name,
  action,
  services: ["correios-pac", "correios-sedex"],
})

describe("the simulator's text of an applied rule", () => {
  it.each([
    [{ type: "percent", value: 10 }, "Regra 2 «Sul mais caro»: +10% em PAC, SEDEX"],
    [{ type: "percent", value: -12.5 }, "Regra 2 «Sul mais caro»: -12,5% em PAC, SEDEX"],
    [{ type: "amount", value: 5 }, "Regra 2 «Sul mais caro»: +R$ 5,00 em PAC, SEDEX"],
    [{ type: "amount", value: -1234.5 }, "Regra 2 «Sul mais caro»: -R$ 1.234,50 em PAC, SEDEX"],
    [{ type: "subtotal_percent", value: 5 }, "Regra 2 «Sul mais caro»: +5% do subtotal em PAC, SEDEX"],
    [{ type: "price", value: 9.9 }, "Regra 2 «Sul mais caro»: preço fixo de R$ 9,90 em PAC, SEDEX"],
    [{ type: "free" }, "Regra 2 «Sul mais caro»: grátis em PAC, SEDEX"],
    [{ type: "free_cheapest" }, "Regra 2 «Sul mais caro»: grátis no mais barato (PAC, SEDEX)"],
    [{ type: "hide" }, "Regra 2 «Sul mais caro»: oculta PAC, SEDEX"],
    [{ type: "days", value: 2 }, "Regra 2 «Sul mais caro»: +2 dias úteis em PAC, SEDEX"],
    [{ type: "days", value: 1 }, "Regra 2 «Sul mais caro»: +1 dia útil em PAC, SEDEX"],
  ])("writes %j in Portuguese as the merchant reads it", (action, text) => {
    expect(appliedText(textsIn("ptBR"), rule(action), NAMES)).toBe(text)
  })

  it.each([
    [{ type: "percent", value: -10 }, "Rule 2 “Sul mais caro”: -10% on PAC, SEDEX"],
    [{ type: "amount", value: 7.5 }, "Rule 2 “Sul mais caro”: +R$ 7,50 on PAC, SEDEX"],
    [{ type: "subtotal_percent", value: 3 }, "Rule 2 “Sul mais caro”: +3% of the subtotal on PAC, SEDEX"],
    [{ type: "price", value: 0 }, "Rule 2 “Sul mais caro”: fixed price of R$ 0,00 on PAC, SEDEX"],
    [{ type: "free" }, "Rule 2 “Sul mais caro”: free on PAC, SEDEX"],
    [{ type: "free_cheapest" }, "Rule 2 “Sul mais caro”: free on the cheapest (PAC, SEDEX)"],
    [{ type: "hide" }, "Rule 2 “Sul mais caro”: hides PAC, SEDEX"],
    [{ type: "days", value: 3 }, "Rule 2 “Sul mais caro”: +3 business days on PAC, SEDEX"],
  ])("writes %j in English", (action, text) => {
    expect(appliedText(textsIn("en"), rule(action), NAMES)).toBe(text)
  })

  it("leaves out a blank name, and names a service the store does not list by its code", () => {
    const unnamed: Rule = { ...rule({ type: "hide" }, ""), services: ["azul-amanha"] }
    expect(appliedText(textsIn("ptBR"), unnamed, NAMES)).toBe("Regra 2: oculta azul-amanha")
    expect(appliedText(textsIn("en"), unnamed, NAMES)).toBe("Rule 2: hides azul-amanha")
  })
})
