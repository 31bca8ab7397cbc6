/** The 400 answers of the freight API, by `erro_id`, as the interface document names them. */
export const FREIGHT_REJECTION_NAMES = {
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

export type FreightRejectionId = keyof typeof FREIGHT_REJECTION_NAMES
export type FreightRejectionName = (typeof FREIGHT_REJECTION_NAMES)[FreightRejectionId] | "DESCONHECIDO"

export function freightRejectionName(erroId: number | undefined): FreightRejectionName {
  return erroId !== undefined && erroId in FREIGHT_REJECTION_NAMES
    ? FREIGHT_REJECTION_NAMES[erroId as FreightRejectionId]
    : "DESCONHECIDO"
}
