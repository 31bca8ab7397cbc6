import { STORE_ERROR_MESSAGES, type StoreErrorCode } from "./storefront-contract"

export type ShopperErrorCode =
  StoreErrorCode | "missing_cep" | "unsupported_currency" | "no_items" | "no_origin" | "settings_unavailable"

const MESSAGES: Record<ShopperErrorCode, string> = {
  ...STORE_ERROR_MESSAGES,
  missing_cep: "Informe o CEP de entrega para calcular o frete.",
  unsupported_currency: "O frete calculado está disponível apenas para compras em reais (BRL).",
  no_items: "Não há itens a entregar para calcular o frete.",
  no_origin: "O frete não pode ser calculado agora: a loja ainda não informou o CEP de origem.",
  settings_unavailable: "Não conseguimos calcular o frete neste momento. Tente novamente em alguns segundos.",
}

// The message is the shopper's; `code` the storefront's, `detail` the logs'.
export class ShopperError extends Error {
  constructor(
    readonly code: ShopperErrorCode,
    readonly detail?: string,
    readonly retryAfterSeconds?: number
  ) {
    super(MESSAGES[code])
    this.name = "ShopperError"
  }

  get isInputError(): boolean {
    return ["missing_cep", "invalid_cep", "cep_not_served", "unsupported_currency", "no_items"].includes(this.code)
  }
}
