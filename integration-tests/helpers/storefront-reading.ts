// What the storefront's browser tests read of a page as a shopper reads it: the stylesheets a
// page gets (a reset like Tailwind's preflight first), and each option's parts and text.
import fs from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { describeOption, type FreteQuote } from "../../storefront/index"

/** A reset like Tailwind's preflight: no margins, paddings or borders, form controls bare. */
export const PREFLIGHT = `
*,::before,::after{box-sizing:border-box;border:0 solid;margin:0;padding:0}
html{line-height:1.5;-webkit-text-size-adjust:100%;font-family:ui-sans-serif,system-ui,sans-serif}
body{line-height:inherit}
h1,h2,h3,h4,h5,h6{font-size:inherit;font-weight:inherit}
a{color:inherit;text-decoration:inherit}
ol,ul,menu{list-style:none}
img,svg,video{display:block;vertical-align:middle}
button,input,select,textarea{font:inherit;letter-spacing:inherit;color:inherit;background-color:transparent;border-radius:0}
button,[type=button],[type=submit]{appearance:button;background-color:transparent;background-image:none}
input::placeholder{opacity:1;color:#9ca3af}
button{cursor:pointer}
`
export const KIT_CSS = fs.readFileSync(path.join(__dirname, "..", "..", "storefront", "styles.css"), "utf8")
const SHOP_CSS = fs.readFileSync(
  path.join(__dirname, "..", "..", "scripts", "demo", "storefront", "app", "storefront.css"),
  "utf8"
)
/** What the page's stylesheet holds after the reset: the kit's and the shop's, the kit's alone, or nothing. */
export type Styles = "shop" | "kit" | "reset"

/** The page's whole stylesheet for these styles. */
export const stylesheet = (styles: Styles) =>
  [PREFLIGHT, styles !== "reset" ? KIT_CSS : "", styles === "shop" ? SHOP_CSS : ""].join("\n")

/** What a shopper reads of one option, as the kit writes it: "name · price carrier · deadline · date". */
export const readAs = (option: { name: string; price: string; facts: Array<string | null> }) =>
  `${option.name} · ${option.price} ${option.facts.filter(Boolean).join(" · ")}`
export const quoteText = (quote: FreteQuote) => {
  const shown = describeOption(quote)
  return readAs({
    name: shown.name,
    price: shown.price,
    facts: [shown.carrier, shown.deadline, shown.date, shown.note],
  })
}

/** The product page calculator's options: each part, the whole text, and the lines as laid out. */
export const calculatorOptions = (page: Page) =>
  page.locator(".frete-calculator__option").evaluateAll((items) =>
    items.map((item) => ({
      option: item.getAttribute("data-frete-option"),
      service: item.getAttribute("data-frete-service"),
      text: item.textContent,
      lines: (item as HTMLElement).innerText.split("\n"),
      name: item.querySelector(".frete-calculator__name")?.textContent ?? null,
      price: item.querySelector(".frete-calculator__price")?.textContent ?? null,
      carrier: item.querySelector(".frete-calculator__carrier")?.textContent ?? null,
      deadline: item.querySelector(".frete-calculator__deadline")?.textContent ?? null,
      date: item.querySelector(".frete-calculator__date")?.textContent ?? null,
      estimated: item.querySelector(".frete-calculator__estimated")?.textContent ?? null,
    }))
  )

/** The delivery step's options, likewise. */
export const deliveryOptions = (page: Page) =>
  page.locator(".delivery-choice").evaluateAll((items) =>
    items.map((item) => ({
      state: item.getAttribute("data-state"),
      text: item.querySelector(".frete-option")?.textContent ?? null,
      lines: (item.querySelector(".frete-option") as HTMLElement | null)?.innerText.split("\n") ?? [],
      name: item.querySelector(".frete-option__name")?.textContent ?? null,
      price: item.querySelector(".frete-option__price")?.textContent ?? null,
      carrier: item.querySelector(".frete-option__carrier")?.textContent ?? null,
      deadline: item.querySelector(".frete-option__deadline")?.textContent ?? null,
      date: item.querySelector(".frete-option__date")?.textContent ?? null,
      error: item.querySelector(".frete-option__error")?.textContent ?? null,
    }))
  )

/** How the calculator's CEP field and button look: their computed border, background and padding. */
export const controlsLook = (page: Page) =>
  page.evaluate(() => {
    const input = getComputedStyle(document.querySelector(".frete-calculator__input") as Element)
    const button = getComputedStyle(document.querySelector(".frete-calculator__button") as Element)
    return {
      inputBorder: input.borderTopWidth,
      inputStyle: input.borderTopStyle,
      buttonBackground: button.backgroundColor,
      buttonPadding: button.paddingTop,
    }
  })

/** The computed font size (px) of the first element each selector finds; null where it finds none. */
export const fontSizes = <K extends string>(page: Page, selectors: Record<K, string>) =>
  page.evaluate(
    (given) =>
      Object.fromEntries(
        Object.entries(given).map(([key, selector]) => {
          const element = document.querySelector(selector as string)
          return [key, element ? parseFloat(getComputedStyle(element).fontSize) : null]
        })
      ),
    selectors as Record<string, string>
  ) as Promise<Record<K, number | null>>

/** The kit components' root classes, each the outermost element of one of its components. */
export const KIT_ROOTS = [
  "frete-calculator",
  "frete-option",
  "frete-notice",
  "frete-free-freight",
  "frete-delivery",
  "frete-method",
  "frete-shipping-total",
] as const

/**
 * Every text of the kit's components on the page, with its computed font size, after each
 * component's parent is set to 10px (the smallest context a storefront gives): the root classes
 * found, and each text's size.
 */
export const kitTextsAt10px = (page: Page) =>
  page.evaluate(
    (roots) => {
      const found = new Set<string>()
      const elements = roots.flatMap((root) =>
        Array.from(document.querySelectorAll<HTMLElement>(`.${root}`)).map((element) => ({ root, element }))
      )
      for (const { element } of elements) (element.parentElement as HTMLElement).style.fontSize = "10px"
      const texts: Array<{ root: string; text: string; size: number }> = []
      for (const { root, element } of elements) {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? ""
          const parent = node.parentElement as HTMLElement
          // Text a shopper can see: not a separator hidden by the stylesheet, nor an empty region.
          if (!text || !parent.getClientRects().length) continue
          found.add(root)
          texts.push({ root, text, size: parseFloat(getComputedStyle(parent).fontSize) })
        }
      }
      return { roots: [...found].sort(), texts }
    },
    [...KIT_ROOTS]
  )

/** How many times a text appears in what the shopper sees of an element (its rendered text). */
export const occurrences = async (page: Page, selector: string, text: string) =>
  (await page.locator(selector).innerText()).split(text).length - 1

/** "R$ 1.234,50" → 1234.5; "Grátis" → 0. */
export const reais = (price: string | null) =>
  price === "Grátis" ? 0 : Number((price ?? "").replace(/[^\d,]/g, "").replace(",", "."))
