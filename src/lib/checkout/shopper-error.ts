/** Why a cart cannot be priced, in terms a shopper can act on. */
export type ShopperErrorCode =
  | "missing_cep"
  | "invalid_cep"
  | "cep_not_served"
  | "unsupported_currency"
  | "no_items"
  | "no_origin"
  | "option_unavailable"
  | "freight_unavailable"
  | "too_many_quotes"

const MESSAGES: Record<ShopperErrorCode, string> = {
  missing_cep: "Informe o CEP de entrega para calcular o frete.",
  invalid_cep: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.",
  cep_not_served: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
  unsupported_currency: "O frete calculado está disponível apenas para compras em reais (BRL).",
  no_items: "Não há itens a entregar para calcular o frete.",
  no_origin: "O frete não pode ser calculado agora: a loja ainda não informou o CEP de origem.",
  option_unavailable: "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
  freight_unavailable: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
  too_many_quotes: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
}

/** An error whose message (pt-BR) is meant for the shopper; `code` is for the storefront and logs. */
export class ShopperError extends Error {
  constructor(readonly code: ShopperErrorCode, readonly detail?: string) {
    super(MESSAGES[code])
    this.name = "ShopperError"
  }

  /** Whether the shopper's input is at fault (400), rather than the store or a service. */
  get isInputError(): boolean {
    return ["missing_cep", "invalid_cep", "cep_not_served", "unsupported_currency", "no_items"].includes(this.code)
  }
}
