import { Fragment, type ReactNode } from "react"

/** The parts of one option's text, each with its class name `<block>__<part>`. */
export type FreteOptionPart =
  | "summary"
  | "name"
  | "price"
  | "details"
  | "carrier"
  | "deadline"
  | "date"
  | "estimated"
  | "error"
  | "separator"
  | "break"

/** Extra class names per part (Tailwind utilities, a design system's classes), added to the kit's own. */
export type FreteClassNames<Part extends string> = Partial<Record<Part, string>>

export const joinClasses = (...names: Array<string | undefined | null | false>) => names.filter(Boolean).join(" ")

export interface OptionTextProps {
  /** "frete-option" or "frete-calculator": the BEM block of the class names. */
  block: string
  name: string
  /** The price, or what stands for it ("Grátis", "Calculando…"). */
  price: string | null
  /** Carrier, deadline, date and note, in the order a shopper reads them; empty ones left out. */
  facts: Array<{ part: "carrier" | "deadline" | "date" | "estimated" | "error"; text: string | null }>
  classNames?: FreteClassNames<FreteOptionPart>
}

/**
 * One option in two lines that read right with no CSS at all, or under a reset: "name · price",
 * a line break, then "carrier · deadline · date". The separators are text, so the option's
 * `textContent` (what a screen reader, a test, or a copy-paste gets) never runs words together.
 */
export function OptionText({ block, name, price, facts, classNames = {} }: OptionTextProps) {
  const cls = (part: FreteOptionPart) => joinClasses(`${block}__${part}`, classNames[part])
  const separator = (key: string) => (
    <span key={key} className={cls("separator")} aria-hidden="true">
      {" · "}
    </span>
  )
  const shown = facts.filter((fact): fact is { part: typeof fact.part; text: string } => Boolean(fact.text))
  const details: ReactNode[] = shown.map((fact, index) => (
    <Fragment key={fact.part}>
      {index ? separator(`separator-${fact.part}`) : null}
      <span className={cls(fact.part)}>{fact.text}</span>
    </Fragment>
  ))
  return (
    <>
      <span className={cls("summary")}>
        <span className={cls("name")}>{name}</span>
        {price !== null ? (
          <>
            {separator("separator-price")}
            <span className={cls("price")}>{price}</span>
          </>
        ) : null}
      </span>
      {details.length ? (
        <>
          {" "}
          <br className={cls("break")} />
          <span className={cls("details")}>{details}</span>
        </>
      ) : null}
    </>
  )
}
