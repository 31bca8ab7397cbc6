import { FreteServiceError, type ServiceRejection } from "../http/errors"

/** The 400 answers of the freight API, by `erro_id`, as its interface document names them. */
const REJECTION_NAMES = {
  101: "CEP_ORIGEM_NAO_ENCONTRADO",
  102: "CEP_DESTINO_NAO_ENCONTRADO",
  103: "VALOR_NOTA_INVALIDO",
  104: "VOLUMES_INVALIDO",
  106: "COMPRIMENTO_INVALIDO",
  107: "LARGURA_INVALIDA",
  108: "ALTURA_INVALIDA",
  109: "PESO_INVALIDO",
  110: "SETOR_INVALIDO",
  1000: "PRECO_INVALIDO",
  301: "POST_ERRADO",
  302: "POST_URL_MAL_FORMATA",
  303: "JSON_INVALIDO",
  304: "REQUISICAO_INVALIDA",
} as const

type RejectionName = (typeof REJECTION_NAMES)[keyof typeof REJECTION_NAMES] | "DESCONHECIDO"

const rejectionName = (erroId: number | undefined): RejectionName =>
  erroId !== undefined && erroId in REJECTION_NAMES
    ? REJECTION_NAMES[erroId as keyof typeof REJECTION_NAMES]
    : "DESCONHECIDO"

export class FreightQueryRejectedError extends FreteServiceError {
  readonly errorName: RejectionName = rejectionName(this.erroId)
}

export class CepNotFoundError extends FreightQueryRejectedError {
  get which(): "origin" | "destination" {
    return this.erroId === 101 ? "origin" : "destination"
  }
}

export const freightRejection: ServiceRejection = (erroId) => ({
  ErrorClass: erroId === 101 || erroId === 102 ? CepNotFoundError : FreightQueryRejectedError,
  refused: `refused the query: ${rejectionName(erroId)}`,
})

export class InvalidFreightQueryError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid freight query: ${issues.join("; ")}`)
    this.name = "InvalidFreightQueryError"
  }
}

export class FreightNotConfiguredError extends Error {
  constructor() {
    super(
      "The freight API is not configured: set freight.url and freight.token (or FRETE_FREIGHT_URL and FRETE_FREIGHT_TOKEN)"
    )
    this.name = "FreightNotConfiguredError"
  }
}
