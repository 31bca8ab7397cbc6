import { useState, type FormEvent } from "react"
import { isValidCep, maskCep } from "../../../../../storefront/index"
import { FreteCepNotice, useFreteWarmQuote } from "../../../../../storefront/react"
import { useShop } from "../shop"
import type { Address } from "../store-api"

export interface AddressInput {
  email: string
  address: Address
}

const FIELDS: Array<{
  name: keyof Omit<Address, "country_code" | "metadata"> | "email" | "cpf"
  label: string
  autoComplete?: string
  optional?: boolean
}> = [
  { name: "postal_code", label: "CEP", autoComplete: "postal-code" },
  { name: "email", label: "E-mail", autoComplete: "email" },
  { name: "first_name", label: "Nome", autoComplete: "given-name" },
  { name: "last_name", label: "Sobrenome", autoComplete: "family-name" },
  { name: "address_1", label: "Endereço (rua e número)", autoComplete: "address-line1" },
  { name: "address_2", label: "Complemento", autoComplete: "address-line2", optional: true },
  { name: "city", label: "Cidade", autoComplete: "address-level2" },
  { name: "province", label: "Estado (UF)", autoComplete: "address-level1" },
  { name: "phone", label: "Celular com DDD", autoComplete: "tel" },
  { name: "cpf", label: "CPF", optional: true },
]

type Values = Record<(typeof FIELDS)[number]["name"], string>

/** The checkout's first step: who receives the order, and where (the CEP first, which warms the freight quote). */
export function AddressForm({
  initial,
  onSubmit,
}: {
  initial: Partial<Values>
  onSubmit: (input: AddressInput) => Promise<void>
}) {
  const [values, setValues] = useState<Values>(
    () => Object.fromEntries(FIELDS.map((field) => [field.name, initial[field.name] ?? ""])) as Values
  )
  const [problem, setProblem] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const { frete, cart } = useShop()
  // A Brazilian address starts with the CEP: as soon as it is complete, the cart's freight is
  // quoted, so the delivery step finds every option's price in the plugin's cache; a CEP the
  // freight service does not know is said under the field right away.
  const warmed = useFreteWarmQuote(frete, { cartId: cart?.id, postalCode: values.postal_code })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = FIELDS.filter((field) => !field.optional && !values[field.name].trim())
    if (missing.length) return setProblem(`Preencha: ${missing.map((field) => field.label).join(", ")}.`)
    if (!isValidCep(values.postal_code))
      return setProblem("CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.")
    setProblem(null)
    setSaving(true)
    const { email, cpf, ...rest } = values
    try {
      await onSubmit({
        email: email.trim(),
        address: {
          ...rest,
          province: rest.province.trim().toUpperCase(),
          country_code: "br",
          metadata: cpf.trim() ? { cpf: cpf.trim() } : undefined,
        },
      })
    } catch (cause) {
      setProblem(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className="address-form" onSubmit={submit} noValidate data-testid="address-form">
      {FIELDS.map((field) => (
        <label key={field.name}>
          {field.label}
          {field.optional ? " (opcional)" : ""}
          <input
            name={field.name}
            autoComplete={field.autoComplete}
            inputMode={field.name === "postal_code" || field.name === "cpf" ? "numeric" : undefined}
            value={values[field.name]}
            aria-describedby={field.name === "postal_code" ? "cep-notice" : undefined}
            onChange={(event) => {
              const value = field.name === "postal_code" ? maskCep(event.target.value) : event.target.value
              setValues((current) => ({ ...current, [field.name]: value }))
            }}
          />
          {field.name === "postal_code" ? (
            <FreteCepNotice id="cep-notice" warmed={warmed} postalCode={values.postal_code} />
          ) : null}
        </label>
      ))}
      {problem ? (
        <p role="alert" className="form-problem">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={saving} data-testid="address-submit">
        {saving ? "Salvando…" : "Continuar para a entrega"}
      </button>
    </form>
  )
}
